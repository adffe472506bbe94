// Is this a sentence? Real prose has grammar words (determiners, prepositions, pronouns,
// auxiliaries, conjunctions: about a third of English) and a verb; a list of the rubric's words
// has neither, however many of the right words it holds.
import type { Token } from './language';

const FUNCTION_TAGS = new Set(['DET', 'ADP', 'PRON', 'AUX', 'CCONJ', 'SCONJ', 'PART']);
const FULL = {
  /** Share of grammar words from which a sentence counts as fully formed. */
  functionWords: 0.2,
  /** At or below this share it is a list of words. */
  noFunctionWords: 0.06,
  /** Words for a full sentence; shorter ones count in proportion. */
  words: 6,
} as const;
/** A verbless line may be a fragment or a tagging slip ("Plan B charges $30"): it counts less. */
const VERBLESS = 0.6;

/** 0 to 1: how much the tokens read as a well-formed sentence. */
export function formOf(tokens: Token[]): number {
  const words = tokens.filter((t) => t.kind === 'word');
  if (words.length === 0) return 0;
  const functionShare = words.filter((t) => FUNCTION_TAGS.has(t.pos)).length / words.length;
  const grammar = clamp(
    (functionShare - FULL.noFunctionWords) / (FULL.functionWords - FULL.noFunctionWords),
  );
  const hasVerb = tokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX');
  const length = clamp(words.length / FULL.words);
  return grammar * (hasVerb ? 1 : VERBLESS) * length;
}

function clamp(value: number): number {
  return Math.min(1, Math.max(0, value));
}
