// Padding: the same sentence twice earns once, and a sentence that only reshuffles an earlier
// one earns little. Teachers notice repeated paragraphs at once; so does this.
import type { TextUnit } from './text-units';
import { isFigure } from './language';

/** Jaccard similarity of content words above which a sentence repeats an earlier one. */
const NEAR_DUPLICATE = 0.7;
const MIN_CONTENT = 4;
const NEAR_DUPLICATE_WEIGHT = 0.25;

/** Per unit: 1 for new material, 0 for an exact repeat, little for a near repeat. */
export function uniqueness(units: TextUnit[]): number[] {
  const seen = new Set<string>();
  const earlier: { words: Set<string>; numbers: Set<string> }[] = [];
  // Which earlier sentences use a word: only those can be near repeats.
  const postings = new Map<string, number[]>();
  return units.map((unit) => {
    if (unit.kind === 'heading') return 1;
    const key = unit.text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    if (seen.has(key)) return 0;
    seen.add(key);
    // Code and working repeat their shape by nature ("assert f([4], 4) == 0"): only exact repeats.
    if (unit.kind !== 'prose') return 1;
    const words = new Set(unit.content.filter((l) => !isFigure(l)));
    const numbers = new Set(
      unit.tokens
        .filter((t) => t.kind === 'number' || /^\p{Lu}$/u.test(t.text))
        .map((t) => t.lemma),
    );
    let near = false;
    if (words.size >= MIN_CONTENT) {
      const shared = new Map<number, number>();
      for (const word of words) {
        for (const id of postings.get(word) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
      }
      // The same sentence with new figures or names ("Plan B saves…" after "Plan A saves…") is
      // parallel working, not padding.
      for (const [id, count] of shared) {
        const other = earlier[id]!;
        const jaccard = count / (words.size + other.words.size - count);
        if (jaccard >= NEAR_DUPLICATE && [...numbers].every((n) => other.numbers.has(n))) {
          near = true;
          break;
        }
      }
    }
    const id = earlier.push({ words, numbers }) - 1;
    for (const word of words) {
      const list = postings.get(word);
      if (list) list.push(id);
      else postings.set(word, [id]);
    }
    return near ? NEAR_DUPLICATE_WEIGHT : 1;
  });
}

/** Share of a text's sentences (of MIN_SENTENCE_WORDS or more) that repeat another one. */
export function repeatedShare(units: TextUnit[], weights: number[]): number {
  const sentences = units
    .map((unit, i) => ({ unit, weight: weights[i]! }))
    .filter(({ unit }) => unit.kind === 'prose' && unit.content.length >= MIN_CONTENT);
  if (!sentences.length) return 0;
  const repeated = sentences.reduce((acc, { weight }) => acc + (1 - weight), 0);
  return repeated / sentences.length;
}
