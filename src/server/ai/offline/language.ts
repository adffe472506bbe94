// English analysis for the offline grader, by wink-nlp and its English model: tokens, lemmas
// ("tested" -> "test", "analysed" -> "analyze"), parts of speech and stop words. The model is
// loaded on the first grade, not at import: a server that never grades offline never pays for it.
import { createRequire } from 'node:module';
import type winkNLPType from 'wink-nlp';
import type { ItemToken, WinkMethods } from 'wink-nlp';

export interface Token {
  /** As written. */
  text: string;
  /** Lower-case lemma; the number itself for numbers. */
  lemma: string;
  /** Universal part-of-speech tag: NOUN, VERB, AUX, DET, ADP, NUM, PUNCT, SYM, … */
  pos: string;
  kind: 'word' | 'number' | 'punctuation' | 'symbol' | 'other';
  /** A function word ("the", "of", "because"): carries grammar, not content. */
  isStopWord: boolean;
}

// "$12", "0.08m", "15.1cm3": the number is what a reader compares.
const NUMBER = /^[$\u00a3\u20ac]?(\d+(?:[.,:]\d+)*)(?:[a-z]{0,3}\d?)?$/i;
/**
 * Number words from eleven up read as the number: "sixteen-year-olds" names the assignment's "16"
 * as surely as "16" does. Below eleven they are mostly grammar ("the one before it", "two
 * reasons") and stay function words; "twenty-five" reads as 25.
 */
const NUMBER_WORDS = new Map(
  (
    'eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen ' +
    'twenty thirty forty fifty sixty seventy eighty ninety'
  )
    .split(' ')
    .map((word, i) => [word, i < 9 ? 11 + i : (i - 7) * 10]),
);
const UNITS = new Map(
  'one two three four five six seven eight nine'.split(' ').map((word, i) => [word, i + 1]),
);
/** "1,850,000": commas that group thousands, not a list ("1,2,3") or a decimal comma ("3,5"). */
const GROUPED_THOUSANDS = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const DECIMAL = /^\d+\.\d+$/;
/** "2.0" -> "2", "0.250" -> "0.25". */
const TRAILING_ZEROS = /\.?0+$/;
/**
 * "232 thousand", "1.85 million": the number at its value. A letter after the number ("£232k",
 * read as "232" and "k"; "£1.85m") scales it only after a currency sign: "298 K" is a temperature,
 * "2k + 3" algebra, "2m" a length.
 */
const SCALE_WORDS = new Map([
  ['thousand', 1e3],
  ['million', 1e6],
  ['billion', 1e9],
]);
const MONEY_SCALES = new Map([
  ['k', 1e3],
  ['m', 1e6],
  ['bn', 1e9],
]);
const CURRENCY = /^[$\u00a3\u20ac]$/;
/** Past this a scaled figure is left as written: no coursework quotes sextillions. */
const LARGEST_SCALED = 1e15;

let nlp: WinkMethods | null = null;
let stemmer: ((word: string) => string) | null = null;
const stems = new Map<string, string>();
const MAX_CACHED_STEMS = 50_000;

function language(): WinkMethods {
  if (!nlp) {
    const require = createRequire(import.meta.url);
    const winkNLP = require('wink-nlp') as typeof winkNLPType;
    const model = require('wink-eng-lite-web-model') as { addons: { stem: (w: string) => string } };
    nlp = winkNLP(model as never, ['sbd', 'pos']);
    stemmer = model.addons.stem;
  }
  return nlp;
}

/** A lemma that is a figure ("12", "0.25", "1850000", "06:00"), not a word. */
export function isFigure(lemma: string): boolean {
  return /^\d/.test(lemma);
}

/**
 * The Porter2 stem of a lemma, from the English model: lemmas can differ by part of speech
 * ("linked" as an adjective, "link" as a verb) where their stems agree.
 */
export function stemOf(lemma: string): string {
  let stem = stems.get(lemma);
  if (stem === undefined) {
    if (!stemmer) language();
    stem = isFigure(lemma) ? lemma : stemmer!(lemma);
    if (stems.size >= MAX_CACHED_STEMS) stems.clear();
    stems.set(lemma, stem);
  }
  return stem;
}

/** The same word, whatever its form. */
export function sameWord(a: string, b: string): boolean {
  return a === b || stemOf(a) === stemOf(b);
}

/**
 * A lower-case word wink keeps together with a full stop because it is also an abbreviation:
 * "the sun." (Sunday's "Sun."), "they sat.", and "fig." or "approx." mid-sentence.
 */
const WORD_WITH_FULL_STOP = /^\p{Ll}{2,}\.$/u;

/** The tokens of a short text (a sentence, a list item or a line of code). */
export function tokenize(text: string): Token[] {
  const engine = language();
  // wink's typings give its.lemma and its.stopWordFlag signatures token.out() does not accept.
  const its = engine.its as unknown as Record<
    'type' | 'value' | 'lemma' | 'pos' | 'stopWordFlag',
    never
  >;
  const tokens: Token[] = [];
  engine
    .readDoc(text)
    .tokens()
    .each((token: ItemToken) => {
      const out = (what: keyof typeof its) => String(token.out(its[what]));
      const type = out('type');
      const value = out('value');
      const kind =
        type === 'word' || type === 'number' || type === 'punctuation' || type === 'symbol'
          ? type
          : 'other';
      // Read as the word it is, with its own lemma, part of speech and stop-word flag: the
      // rubric's "energy from the sun." must meet the student's "the sun heats the sea".
      const keptFullStop = kind === 'word' && WORD_WITH_FULL_STOP.test(value);
      const [asWord] = keptFullStop ? tokenize(value.slice(0, -1)) : [];
      if (asWord) {
        tokens.push({ ...asWord, text: value });
        return;
      }
      const numberWord = kind === 'word' ? NUMBER_WORDS.get(value.toLowerCase()) : undefined;
      const number = numberValue(value) ?? numberWord?.toString();
      tokens.push({
        text: value,
        lemma: number ?? (kind === 'word' ? out('lemma') : value).toLowerCase(),
        pos: out('pos'),
        kind: number !== undefined ? 'number' : kind,
        isStopWord: numberWord === undefined && out('stopWordFlag') === 'true',
      });
    });
  return withScaleWords(withCompoundNumbers(tokens));
}

/**
 * A figure as a reader compares it: "£1,850,000" and "1850000" are one number, and so are "2.0"
 * and "2" ("a forward voltage of 2.0 V" is the student's "the LED keeps 2 V").
 */
function numberValue(value: string): string | undefined {
  const number = NUMBER.exec(value)?.[1];
  const plain = number && GROUPED_THOUSANDS.test(number) ? number.replace(/,/g, '') : number;
  return plain && DECIMAL.test(plain) ? plain.replace(TRAILING_ZEROS, '') : plain;
}

/** "232 thousand", "£1.85m": the number takes the scale's value; the scale stays a word. */
function withScaleWords(tokens: Token[]): Token[] {
  tokens.forEach((token, i) => {
    // wink keeps a letter and a full stop together at a sentence's end: "£1.85m."
    const next = (tokens[i + 1]?.text ?? '').toLowerCase().replace(/\.$/, '');
    const money = CURRENCY.test(tokens[i - 1]?.text ?? '');
    const scale = SCALE_WORDS.get(next) ?? (money ? MONEY_SCALES.get(next) : undefined);
    if (token.kind !== 'number' || !scale || !/^\d+(?:\.\d+)?$/.test(token.lemma)) return;
    const value = Number((Number(token.lemma) * scale).toPrecision(12));
    if (value < LARGEST_SCALED) token.lemma = String(value);
  });
  return tokens;
}

/** "twenty-five": the tens take the units' value too; the hyphen and "five" stay as they were. */
function withCompoundNumbers(tokens: Token[]): Token[] {
  tokens.forEach((token, i) => {
    const tens = NUMBER_WORDS.get(token.text.toLowerCase());
    const units = UNITS.get(tokens[i + 2]?.text.toLowerCase() ?? '');
    if (tens && tens % 10 === 0 && units && tokens[i + 1]?.text === '-') {
      token.lemma = String(tens + units);
    }
  });
  return tokens;
}

/** A token that carries meaning: a content word or a number. */
export function isContent(token: Token): boolean {
  if (token.kind === 'number') return true;
  return token.kind === 'word' && !token.isStopWord && /\p{L}{2}/u.test(token.lemma);
}

/**
 * A name ("Rousseau", "Seattle"): the tagger calls any capitalised first word of a sentence a
 * proper noun, so that one does not count.
 */
export function namesIn(tokens: Token[]): Token[] {
  const words = tokens.filter((t) => t.kind === 'word');
  return words.filter((t, i) => i > 0 && t.pos === 'PROPN' && /^\p{Lu}/u.test(t.text));
}
