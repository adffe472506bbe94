// Restating the rubric is not doing the work. "My answer sets up the equation correctly and shows
// all working" shares every word with the rubric and adds nothing: the sentence copies the
// rubric's phrases, talks about the work instead of doing it, and brings nothing new.
import type { AssignmentProfile } from './assignment-profile';
import { isPlatitude } from './development';
import { figureLabelsIn } from './figure-labels';
import { isFigure, namesIn } from './language';
import type { TextUnit } from './text-units';
import { specificity } from './word-specificity';

// The work describing itself: "This essay gives…", "My method identifies…", "I explain…".
const WORK = String.raw`(?:answer|essay|report|submission|assignment|work|analysis|method|explanation|implementation|evaluation|conclusion|results?(?:\s+section)?|response|paper|code|tests?)`;
const CLAIM_VERB = String.raw`(?:cover|explain|identif|show|give|use|present|state|discuss|analy[sz]|include|meet|answer|describ|set|provid|support|interpret|check|solv|judg|communicat|develop|demonstrat|address|compar|analys|take|make)\w*`;
const SELF_DESCRIPTION = [
  new RegExp(
    String.raw`\b(?:my|this|the|our)\s+${WORK}\s+(?:also\s+|then\s+|fully\s+|clearly\s+)?(?:is|are|was|were|${CLAIM_VERB})\b`,
    'i',
  ),
  /\bin\s+(?:this|my)\s+(?:assignment|essay|report|answer|submission)\b/i,
  // "I recommend the best method for the study": a choice that names nothing chosen. "I recommend
  // the most suitable method, interviews, because…" names it (the review of decision 068).
  /\bI\s+(?:then\s+|finally\s+|also\s+)?(?:recommend|choose|pick|select)\s+(?:the\s+(?:best|most\s+suitable|right|better|most\s+appropriate)|which)\b(?![^.]*(?:[,:]|\bbecause\b|\bsince\b))/i,
  /\bin\s+(?:the|my)\s+\w+\s+section\b/i,
  // "I explain…" (not "It uses…": that is usually the thing being explained).
  new RegExp(
    String.raw`\bI\s+(?:also\s+|then\s+|finally\s+)?(?:${CLAIM_VERB}|make\s+sure|made\s+sure|wrote\s+tests)\b`,
  ),
];
/** A claim about the work, with nothing concrete in it: it is the rubric said back. */
const CLAIM = 0.9;
/** The same, with a concrete detail (a result, a name, a quotation): a report of real work. */
const REPORTED_WORK = 0.3;
const MIN_RUNS = 2;
/** A copied run of three spans three words: one in three runs copied is most of a sentence. */
const COPY_WEIGHT = 2;
const WORKED_OUT = 0.4;
/** Specific new words (terms the assignment never used) at which a sentence adds something. */
const NEW_MATERIAL = 1;
const QUOTATION = /["\u201c][^"\u201d]{3,}["\u201d]/;
/**
 * A sentence in the assignment's words that uses the own words (those no other criterion has) of
 * this many criteria at once is the rubric rearranged: "The crystals of the cementation are the
 * pressure of the magma, so the layers of the heat cool the erosion". A fact stated in a
 * fact-listing rubric's terms uses one or two criteria's (decision 063).
 */
const REARRANGED_FROM_CRITERIA = 3;
/** "Control variables: the same pondweed, the same lamp…": a labelled note of what was done. */
const LABELLED_NOTE = /^\s*(?:[\p{L}\p{N}'\u2019-]+\s+){0,3}[\p{L}\p{N}'\u2019-]+\s*:\s/u;
/**
 * The words a rubric judges work with, not the subject's: "a clear explanation in a logical
 * order, using the correct terms". A sentence in the assignment's words that uses them is the
 * rubric said back; one that states the subject's facts in its terms ("breathing rate and depth
 * increase, so more oxygen comes in") is a short answer, however much it shares with a rubric
 * that lists those facts (the sixth held-out sitting, decision 057).
 */
const JUDGING_WORDS = new Set(
  `clear clearly clarity logical logically accurate accurately accuracy detailed explanation
  explain describe description evaluate evaluation analysis analyse analyze argument paragraph
  conclusion introduction communication communicate terminology justify justification relevant
  appropriate effective effectively thorough thoroughly organise organize organised organized
  thesis quotation counterargument grammar spelling punctuation vocabulary presentation essay
  identify discuss demonstrate criterion rubric coherent precise concise insight interpret
  interpretation understanding convincing correct correctly`.split(/\s+/),
);
/**
 * Words that judge in a rubric and name things in a subject ("a logical order", "the order of
 * the planets"; "a strong argument", "a strong wind"): two of them make a sentence a judgement.
 */
const JUDGING_OR_NAMING = new Set(
  `order structure example evidence source reason term language method point position support
  develop show use work answer response test name named link linked real own good well strong
  detail`.split(/\s+/),
);
/** "Antibodies are involved", "plays a key role": with a platitude, a sentence that says nothing. */
const INVOLVED =
  /\b(?:is|are|was|were|be)\s+involved\b|\bplays?\s+an?\s+(?:\w+\s+)?(?:role|part)\b/i;

/** "The erosion of the coast is the coast of the erosion": a phrase turned back on itself. */
// Words are bounded: an unbounded [\w-]* made a 96 kB run of hyphenated words take 2.4 s.
const TURNED_BACK =
  /\b([a-z][\w-]{0,40})\s+of\s+(?:the\s+)?([a-z][\w-]{0,40})\s+(?:is|are|was|were|becomes?|became)\s+(?:the\s+)?\2\s+of\s+(?:the\s+)?\1\b/i;

function judgesOrSaysNothing(unit: TextUnit): boolean {
  const judging = unit.content.some((lemma) => JUDGING_WORDS.has(lemma));
  const either = new Set(unit.content.filter((lemma) => JUDGING_OR_NAMING.has(lemma))).size;
  return (
    judging ||
    either >= 2 ||
    isPlatitude(unit.text) ||
    INVOLVED.test(unit.text) ||
    TURNED_BACK.test(unit.text)
  );
}

/** 0 (the student's own work) to 1 (the rubric or the assignment said back). */
export function echoOf(unit: TextUnit, profile: AssignmentProfile): number {
  if (unit.kind !== 'prose') return 0;
  const lemmas = unit.content;
  // Work reuses the assignment's terms ("central bank", "interest rate"); copying three of its
  // words in a row ("clear arguable position") is saying the rubric back.
  let runs = 0;
  let copied = 0;
  for (let i = 2; i < lemmas.length; i++) {
    runs++;
    if (profile.runs.has(`${lemmas[i - 2]} ${lemmas[i - 1]} ${lemmas[i]}`)) copied++;
  }
  const copy = runs >= MIN_RUNS ? Math.min(1, (COPY_WEIGHT * copied) / runs) : 0;
  const fresh = freshMaterial(unit, profile);
  const describesItself = SELF_DESCRIPTION.some((pattern) => pattern.test(unit.text));
  const claim = describesItself ? (concrete(unit, profile) ? REPORTED_WORK : CLAIM) : 0;
  const known = lemmas.length
    ? lemmas.filter((l) => profile.vocabulary.has(l)).length / lemmas.length
    : 0;
  const inTheirWords = known >= 0.85 && fresh < NEW_MATERIAL;
  const said = inTheirWords && (judgesOrSaysNothing(unit) || rearranged(unit, profile)) ? known : 0;
  // A number the assignment did not give is a result the student worked out: not an echo.
  const worked = newNumbersOrLabels(unit, profile) > 0 ? WORKED_OUT : 1;
  return Math.max(copy, claim, said) * worked;
}

/** The rubric rearranged: the own words of that many criteria at once, outside a labelled note. */
function rearranged(unit: TextUnit, profile: AssignmentProfile): boolean {
  if (LABELLED_NOTE.test(unit.text)) return false;
  const drawnOn = profile.criterionWords.filter((own) => unit.content.some((l) => own.has(l)));
  return drawnOn.length >= REARRANGED_FROM_CRITERIA;
}

function newNumbersOrLabels(unit: TextUnit, profile: AssignmentProfile): number {
  const numbers = unit.content.filter((l) => isFigure(l) && !profile.vocabulary.has(l)).length;
  // "Angle DAB equals angle B": the parts of the student's own figure, named by letters the
  // assignment did not use, in an assignment about a figure.
  const given = profile.figureLabels;
  const labels = given ? figureLabelsIn(unit.text).filter((label) => !given.has(label)).length : 0;
  return numbers + labels;
}

/** Specific words and numbers the assignment does not contain (common words count little). */
export function freshMaterial(unit: TextUnit, profile: AssignmentProfile): number {
  let sum = 0;
  for (const lemma of new Set(unit.content)) {
    if (!profile.vocabulary.has(lemma)) sum += specificity(lemma) ** 2;
  }
  return sum;
}

/** A result, a name or a quotation the assignment did not supply. */
function concrete(unit: TextUnit, profile: AssignmentProfile): boolean {
  if (QUOTATION.test(unit.text) || newNumbersOrLabels(unit, profile) > 0) return true;
  return namesIn(unit.tokens).some((t) => !profile.vocabulary.has(t.lemma));
}
