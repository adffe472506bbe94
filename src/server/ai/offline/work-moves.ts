// The moves a teacher recognises in work, whatever its words: code, lines of working or data,
// quotations, specifics (names, dates, figures), a stated position, an opposing view taken on,
// reasons, signposted structure, an evaluation of errors, a check or test, a cost in time or
// space, a recommendation. A criterion
// asks for some of them ("Counterargument and rebuttal" asks for an opposing view); a passage
// that makes the move speaks to that criterion even in words the rubric never used.
import { namesIn } from './language';
import type { TextUnit } from './text-units';
import { hasUnknown } from './working-check';

export type Move =
  | 'code'
  | 'data'
  /** An equation or expression with an unknown in it ("12 + 0.08m = 30"), not a tried number. */
  | 'equation'
  | 'quotation'
  | 'specifics'
  | 'stance'
  | 'counter'
  | 'reasoning'
  | 'structure'
  | 'evaluation'
  | 'checking'
  | 'cost'
  | 'recommendation';

/** What a criterion's name and description ask for -> the move that answers it. */
const WANTED: [Move, RegExp][] = [
  ['code', /\b(code|implement\w*|program\w*|functions?|correct\w*|solutions?)\b/i],
  [
    'data',
    /\b(data|results?|table|measure\w*|working|calculat\w*|solv\w*|statistics?|numbers?|evidence|steps?)\b/i,
  ],
  ['equation', /\b(equations?|expressions?|formula\w*|algebra\w*)\b/i],
  ['quotation', /\b(quot\w*|textual|extracts?|citations?|evidence)\b/i],
  [
    'specifics',
    // Not "specific": "specific improvements" asks for improvements, "specific antibodies" names
    // a kind of antibody; "specific facts" and "specific examples" ask by their nouns. Nor
    // "sources of (random) error", which asks for an evaluation.
    /\b(evidence|facts?|dates?|people|events?|examples?|statistics?|data|details?|research|sources?(?!\s+of\s+(?:\w+\s+)?(?:error|uncertainty)))\b/i,
  ],
  [
    'stance',
    /\b(thesis|position|stance|claim|opinion|interpretation|argument|hypothesis|judge\w*|recommend\w*)\b/i,
  ],
  [
    'counter',
    /\b(counter\w*|opposing|rebuttal|objections?|other views?|interpretations|alternatives?)\b/i,
  ],
  [
    'reasoning',
    /\b(reasons?|reasoning|explain\w*|analys\w*|justif\w*|significance|connect\w*|why)\b/i,
  ],
  [
    'structure',
    /\b(organi[sz]\w*|structure|introduction|conclusion|paragraphs?|topic sentences?)\b/i,
  ],
  ['evaluation', /\b(evaluat\w*|errors?|improvements?|limitations?|reliab\w*|accura\w*)\b/i],
  ['checking', /\b(check\w*|verif\w*|substitut\w*|test\w*|edge cases?)\b/i],
  ['cost', /\b(complexity|efficien\w*|big-?o|running time|performance|cost of)\b/i],
  ['recommendation', /\b(recommend\w*|advice|advise|choice)\b/i],
];

/** How each move shows in a passage of prose. */
const SHOWN: [Move, RegExp][] = [
  [
    'stance',
    /\b(I (?:think|believe|argue|contend|would argue|predict(?:ed)?|expect(?:ed)?)|in my (?:view|opinion)|my (?:thesis|view|position|hypothesis)|should|must|ought to|the (?:main|most important) (?:cause|reason)|mattered most|was decisive)\b/i,
  ],
  [
    'counter',
    /\b(some (?:people|critics|parents|historians|argue|say|claim|worry)|opponents?|critics?|others? (?:argue|say|claim|believe)|on the other hand|admittedly|it (?:could|might|may) be argued|of course|not everyone agrees|objection|worr(?:y|ies)|(?:other|some) historians)\b/i,
  ],
  [
    'reasoning',
    /\b(because|therefore|thus|hence|so that|which means|this means|as a result|since|so\b|this shows|this suggests)\b/i,
  ],
  [
    'structure',
    /^\s*(firstly|secondly|thirdly|finally|in conclusion|to conclude|overall|in summary|first,|second,)/i,
  ],
  [
    'evaluation',
    /\b(source of error|sources of error|errors?|inaccura\w*|improve\w*|next time|would use|could have|limitation\w*|reliab\w*|uncertain\w*|(?:dis)?advantages?|drawbacks?|benefits?|expensive|effective\w*|works? well|trade-?offs?|costs?)\b/i,
  ],
  [
    'checking',
    /\b(check\w*|verif\w*|substitut\w*|put it back|the answer holds|test\w*|asserts?)\b/i,
  ],
  ['cost', /\bO\([^)]{1,12}\)|\b(?:linear|logarithmic|quadratic|constant|exponential)\s+time\b/i],
  [
    'recommendation',
    /\b(recommend\w*|should (?:take|choose|pick|get)|is the better (?:buy|choice|option))\b/i,
  ],
];
const QUOTATION = /["\u201c][^"\u201d]{3,}["\u201d]|\(\d+\.\d+\)|\bact\s+\d|\bscene\s+\d/i;
const TEST_CODE = /\b(assert\w*|test\w*|expect)\b/i;
const CITED =
  /\b(research|study|studies|survey|according to|found that|data|statistics?|per ?cent|report(?:ed)?)\b/i;

export function movesWanted(criterionText: string): Set<Move> {
  return new Set(WANTED.filter(([, pattern]) => pattern.test(criterionText)).map(([m]) => m));
}

export function movesOf(unit: TextUnit): Move[] {
  if (unit.kind === 'code') return TEST_CODE.test(unit.text) ? ['code', 'checking'] : ['code'];
  const equation = hasUnknown(unit.text) ? (['equation'] as const) : [];
  if (unit.kind === 'data') return ['data', ...equation];
  if (unit.kind !== 'prose') return [];
  const moves = SHOWN.filter(([, pattern]) => pattern.test(unit.text)).map(([m]) => m);
  moves.push(...equation);
  if (QUOTATION.test(unit.text)) moves.push('quotation');
  const named = unit.tokens.some((t) => t.kind === 'number') || namesIn(unit.tokens).length > 0;
  if (named || CITED.test(unit.text)) moves.push('specifics');
  return moves;
}
