// Paraphrase-robust matching of one word against another: the same lemma matches fully, a word
// whose embedding is close ("desire" for "ambition", "halfway" for "middle") partly. Pairs are
// cached per grade: a submission has a few hundred distinct words, a rubric a few dozen.
import { isFigure, sameWord } from './language';
import { wordSimilarity, wordVectors } from './word-vectors';
import { specificity } from './word-specificity';

/** Below this cosine similarity two words are unrelated. */
const MIN_SIMILARITY = 0.5;
/** A near-synonym never counts as much as the word itself. */
const MAX_SOFT = 0.8;
/** Common words ("take", "make", "side") sit close to each other in any embedding: exact only. */
const MIN_SOFT_SPECIFICITY = 0.25;
const SOFT_SPAN = 0.5;
/** For the topic check only a close synonym will do ("find" for "search", "France" for "French"). */
const STRICT_SIMILARITY = 0.75;
const STRICT_CREDIT = 0.6;

export class WordMatcher {
  private readonly cache = new Map<string, Map<string, number>>();
  /** Per word: its rank in the vectors when it may match softly, else -1. */
  private readonly softRanks = new Map<string, number>();

  /** 0 to 1. */
  match(term: string, word: string): number {
    if (sameWord(term, word)) return 1;
    let row = this.cache.get(term);
    if (!row) this.cache.set(term, (row = new Map()));
    let value = row.get(word);
    if (value === undefined) {
      value = this.soft(term, word);
      row.set(word, value);
    }
    return value;
  }

  /** The match of two different words through their vectors, uncached. */
  soft(term: string, word: string): number {
    const a = this.softRank(term);
    const b = a < 0 ? -1 : this.softRank(word);
    if (b < 0) return 0;
    const similarity = wordVectors().similarityAt(a, b);
    return similarity >= MIN_SIMILARITY
      ? Math.min(MAX_SOFT, (similarity - (MIN_SIMILARITY - 0.15)) / SOFT_SPAN)
      : 0;
  }

  private softRank(word: string): number {
    let rank = this.softRanks.get(word);
    if (rank === undefined) {
      const soft = !isFigure(word) && specificity(word) >= MIN_SOFT_SPECIFICITY;
      rank = soft ? (wordVectors().rank(word) ?? -1) : -1;
      this.softRanks.set(word, rank);
    }
    return rank;
  }

  /** STRICT_CREDIT when a word in `words` is a close synonym of `term`, else 0. */
  strict(term: string, words: Iterable<string>): number {
    let credit = 0;
    for (const word of words) {
      if (sameWord(term, word)) return 1;
      if (credit === 0 && !isFigure(term) && !isFigure(word)) {
        if (wordSimilarity(term, word) >= STRICT_SIMILARITY) credit = STRICT_CREDIT;
      }
    }
    return credit;
  }

  /** The best match of `term` among `words`. */
  best(term: string, words: Iterable<string>): number {
    let best = 0;
    for (const word of words) {
      const m = this.match(term, word);
      if (m > best) best = m;
      if (best === 1) break;
    }
    return best;
  }
}
