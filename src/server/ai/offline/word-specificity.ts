// How much a word tells a reader. "Important", "good" and "people" are among the commonest words
// in English and say little; "denatured", "midpoint" and "melatonin" say a lot. The embeddings
// list words most frequent first, so a word's position there is its commonness.
import { wordVectors } from './word-vectors';

/** Words at or above this frequency rank say almost nothing on their own. */
const COMMON_RANK = 300;
/** Words rarer than this are fully specific. */
const RARE_RANK = 20_000;
const FLOOR = 0.05;
/** A word outside the vocabulary is rare, or a name, or a typo: mostly specific. */
const UNKNOWN = 0.9;

/** 0.05 to 1; numbers count as specific. */
export function specificity(lemma: string): number {
  if (/^[-+]?\$?\d/.test(lemma)) return 1;
  const rank = wordVectors().rank(lemma);
  if (rank === undefined) return UNKNOWN;
  const scale = (Math.log(rank + 1) - Math.log(COMMON_RANK)) / Math.log(RARE_RANK / COMMON_RANK);
  return Math.min(1, Math.max(FLOOR, scale));
}
