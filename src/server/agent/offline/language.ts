// The language side of the offline engine, done by compromise (docs/decisions/016): words with
// their place in the message, their dictionary form ("turned" -> turn, "kids" -> kid,
// "hasn't" -> has not) and part of speech, and number words as digits before a unit
// ("twenty five points" -> 25 points). Everything else reads these words, not raw text.
import nlp from 'compromise';

export interface Word {
  /** As typed ('' for the second half of a contraction). */
  text: string;
  /** Lower case dictionary form: "turned" -> "turn", "hasn't" -> "has", then "not". */
  lemma: string;
  tags: ReadonlySet<string>;
  /** Character range in the message. */
  start: number;
  end: number;
}

interface TermJson {
  text: string;
  normal: string;
  root?: string;
  implicit?: string;
  tags: string[];
  offset: { start: number; length: number };
}

/** Number words before a unit become digits: "twenty five points" -> "25 points". */
export function digitsForNumberWords(text: string): string {
  const doc = nlp(text);
  const counted = doc.match(
    '#TextValue+ (point|points|pt|pts|mark|marks|day|days|week|weeks|hour|hours)',
  );
  if (!counted.found) return text;
  (counted as unknown as { numbers(): { toNumber(): unknown } }).numbers().toNumber();
  return doc.text();
}

/** The message's words, lemmatised and tagged by compromise. */
export function wordsOf(text: string): Word[] {
  const doc = nlp(text);
  doc.compute('root');
  const sentences = doc.json({ offset: true, terms: { offset: true } }) as {
    terms: TermJson[];
  }[];
  return sentences.flatMap((sentence) =>
    sentence.terms.map((term) => {
      const start = term.offset.start;
      const lemma = (term.implicit ?? term.root ?? term.normal ?? term.text).toLowerCase();
      return {
        text: term.text,
        lemma: lemma.replace(/[’']s$/, ''),
        tags: new Set(term.tags),
        start,
        end: start + term.offset.length,
      };
    }),
  );
}

/** The lemmas joined by spaces: what intent cues are matched against. */
export const lemmaText = (words: readonly Word[]) =>
  ` ${words
    .map((word) => word.lemma.replace(/[^\p{L}\p{N}#&'-]+/gu, ' ').trim())
    .filter(Boolean)
    .join(' ')} `;
