// Words and sentences for the offline rubric matcher: a light stemmer so "tests", "tested" and
// "testing" meet, a stop-word list so "the" and "clearly" never count as evidence, and a sentence
// splitter that copes with PDF text, where every wrapped line ends in a newline.

// English function words plus the filler rubrics are made of ("clearly demonstrates…").
const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before
  being below between both but by can could did do does doing done down during each either else
  etc every few for from further had has have having he her here hers him his how however i if
  in into is it its itself just least less let like may me might more most much must my no nor
  not of off on once one only or other our ours out over own per rather same she should so some
  such than that the their theirs them then there these they this those through thus to too two
  under until up upon us very via was we well were what when where whether which while who whom
  whose why will with within without would yet you your yours
  able appropriate clear clearly complete demonstrate demonstrates demonstrated describe
  describes effective effectively excellent good include includes including good great high
  level many make makes new point points pts provide provides quality relevant show shows
  student students thorough use used uses using way ways work works`.split(/\s+/),
);

// Pairs of [suffix, replacement]: "collision" and "collide" share "collid".
const REWRITES: [string, string][] = [
  ['ssions', 'ss'],
  ['ssion', 'ss'],
  ['sions', 'd'],
  ['sion', 'd'],
];
const SUFFIXES = [
  'ational',
  'ations',
  'ation',
  'ments',
  'ment',
  'ities',
  'ity',
  'ness',
  'ings',
  'ing',
  'ives',
  'ive',
  'able',
  'ible',
  'ions',
  'ion',
  'ies',
  'ied',
  'ers',
  'er',
  'ed',
  'es',
  'ly',
  'al',
  's',
];
const STEM_LENGTH = 7;
const MIN_STEM = 3;

/** A rough stem: enough to match word forms, never shown to anyone. */
export function stem(word: string): string {
  let w = word
    .toLowerCase()
    .replace(/our$/, 'or')
    .replace(/(ys|yz)(is|es|e|ed|ing)$/, 'ys')
    .replace(/is(e|ed|es|ing|ation|ations)$/, 'iz$1');
  for (let pass = 0; pass < 2; pass += 1) {
    if (w.length < 4 || /(ss|is|us)$/.test(w)) break;
    const rewrite = REWRITES.find(([suffix]) => w.endsWith(suffix));
    if (rewrite) {
      w = w.slice(0, -rewrite[0].length) + rewrite[1];
      continue;
    }
    const suffix = SUFFIXES.find((s) => w.endsWith(s) && w.length - s.length >= MIN_STEM);
    if (!suffix) break;
    w = w.slice(0, -suffix.length) + (suffix === 'ies' || suffix === 'ied' ? 'y' : '');
  }
  const tail = ['ate', 'at', 'e'].find((t) => w.endsWith(t) && w.length - t.length >= MIN_STEM);
  if (tail) w = w.slice(0, -tail.length);
  return w.slice(0, STEM_LENGTH);
}

export interface Term {
  stem: string;
  /** The first form the word was written in, for messages. */
  word: string;
}

/** Content words of a text, stemmed, in order of first appearance, without repeats. */
export function termsOf(text: string): Term[] {
  const terms = new Map<string, Term>();
  for (const raw of text.toLowerCase().match(/[\p{L}][\p{L}\p{N}']*/gu) ?? []) {
    const word = raw.replace(/'s?$/, '');
    if (word.length < 3 || STOP_WORDS.has(word)) continue;
    const s = stem(word);
    if (!terms.has(s)) terms.set(s, { stem: s, word });
  }
  return [...terms.values()];
}

const SHORT_LINE = 50;
const MAX_HEADING_WORDS = 8;
const MAX_SENTENCE_WORDS = 60;

export interface TextSentence {
  text: string;
  /** A short title line such as "2. Prompt design"; the sentences after it belong to it. */
  isHeading: boolean;
  /** The heading the sentence sits under, if any. */
  heading: string | null;
}

/**
 * Sentences in reading order, whitespace collapsed. A short line without end punctuation is a
 * heading or a list label and stands alone; other lines are wrapped text and are joined.
 */
export function splitSentences(text: string): TextSentence[] {
  const blocks: string[] = [];
  let block: string[] = [];
  const flush = () => {
    if (block.length) blocks.push(block.join(' '));
    block = [];
  };
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (!line) {
      flush();
      continue;
    }
    if (/^[•▪◦*-]\s/.test(line)) flush();
    block.push(line.replace(/^[•▪◦]\s*/, ''));
    if (line.length < SHORT_LINE || /[.!?:]$/.test(line)) flush();
  }
  flush();
  const sentences: TextSentence[] = [];
  let heading: string | null = null;
  for (const b of blocks) {
    if (isHeadingLine(b)) {
      heading = b;
      sentences.push({ text: b, isHeading: true, heading: null });
      continue;
    }
    for (const part of b.split(/(?<=[.!?])\s+(?=["'(\p{Lu}\p{N}])/u).flatMap(chunkLongSentence)) {
      if (/\p{L}/u.test(part)) sentences.push({ text: part, isHeading: false, heading });
    }
  }
  return sentences;
}

function isHeadingLine(block: string): boolean {
  return (
    block.length < SHORT_LINE &&
    block.split(' ').length <= MAX_HEADING_WORDS &&
    /^[\p{Lu}\p{N}]/u.test(block) &&
    !/[.!?:;,]$/.test(block)
  );
}

function chunkLongSentence(sentence: string): string[] {
  const words = sentence.split(' ');
  if (words.length <= MAX_SENTENCE_WORDS) return [sentence];
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += MAX_SENTENCE_WORDS) {
    chunks.push(words.slice(i, i + MAX_SENTENCE_WORDS).join(' '));
  }
  return chunks;
}

export function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}
