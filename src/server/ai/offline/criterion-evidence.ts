// Evidence for one rubric criterion: which of its words the submission uses, which sentences
// discuss it (two or more of its words together), and the best of those to quote. Points follow
// coverage, in half-point steps; a criterion with no such sentence earns nothing.
import { GRADE_STEP } from '@domain/limits';
import { OVERALL_CRITERION, type RubricCriterion } from '@domain/rubric';
import { splitSentences, termsOf, type Term } from './text-analysis';

export type Quality = 'Excellent' | 'Good' | 'Satisfactory' | 'Needs improvement' | 'Missing';

export interface CriterionAssessment {
  criterion: RubricCriterion;
  /** 0 to 1: how well the text covers the criterion. */
  coverage: number;
  points: number;
  quality: Quality;
  /** The sentence that best shows the criterion is addressed, as written. */
  evidence: string | null;
  /** Sentences that discuss the criterion. */
  passages: number;
  /** The criterion's words the submission uses, and the ones it never mentions. */
  found: Term[];
  absent: Term[];
  /** How the points were judged when it is not by the criterion's words. */
  basis?: string;
}

interface IndexedSentence {
  text: string;
  stems: Set<string>;
  /** The words of the heading the sentence sits under: "Reflection" gives context to what follows. */
  context: Set<string>;
  words: number;
  isHeading: boolean;
}

export interface SubmissionIndex {
  sentences: IndexedSentence[];
  stems: Set<string>;
  words: number;
}

const NAME_WEIGHT = 2;
const DESCRIPTION_WEIGHT = 1;
// A passage needs two of the criterion's words together (one may come from its section heading)
// and some substance.
const PASSAGE = { minTerms: 2, minWeight: 3, minWords: 5 } as const;
const FULL_DEPTH_PASSAGES = 4;
const TERM_SHARE = 0.65;
const OVERALL_FULL_WORDS = 500;
const QUOTE_WORDS = 8;
// A sentence not quoted yet is preferred if it is at least this good as the best one.
const FRESH_QUOTE_SHARE = 0.6;

/** The submission's sentences and words, leaving out the ones that talk to the grader. */
export function indexSubmission(text: string, instructionsToGrader: string[]): SubmissionIndex {
  const excluded = instructionsToGrader.map((quote) => quote.replace(/…$/, ''));
  const stemsOf = (value: string | null) =>
    new Set(value ? termsOf(value).map((term) => term.stem) : []);
  const sentences = splitSentences(text)
    .filter(({ text: t }) => !excluded.some((q) => t.includes(q) || q.includes(t)))
    .map((sentence) => ({
      text: sentence.text,
      stems: stemsOf(sentence.text),
      context: stemsOf(sentence.heading),
      words: sentence.text.split(' ').length,
      isHeading: sentence.isHeading,
    }));
  const stems = new Set(sentences.flatMap((sentence) => [...sentence.stems]));
  const words = sentences.reduce((acc, sentence) => acc + sentence.words, 0);
  return { sentences, stems, words };
}

/** `quoted`: sentences other criteria already quote; another good one is quoted instead. */
export function assessCriterion(
  criterion: RubricCriterion,
  index: SubmissionIndex,
  quoted: ReadonlySet<string> = new Set(),
): CriterionAssessment {
  const weights = new Map<string, number>();
  const terms = new Map<string, Term>();
  // "Overall submission" names nothing to look for: then the description's words lead.
  const nameTerms = criterion.name === OVERALL_CRITERION ? [] : termsOf(criterion.name);
  const descriptionWeight = nameTerms.length ? DESCRIPTION_WEIGHT : NAME_WEIGHT;
  for (const term of nameTerms) {
    weights.set(term.stem, NAME_WEIGHT);
    terms.set(term.stem, term);
  }
  for (const term of termsOf(criterion.description)) {
    if (!weights.has(term.stem)) weights.set(term.stem, descriptionWeight);
    if (!terms.has(term.stem)) terms.set(term.stem, term);
  }
  const all = [...terms.values()];
  const found = all.filter((term) => index.stems.has(term.stem));
  const absent = all
    .filter((term) => !index.stems.has(term.stem))
    .sort((a, b) => weights.get(b.stem)! - weights.get(a.stem)!);

  const candidates: { text: string; score: number }[] = [];
  for (const sentence of index.sentences) {
    if (sentence.isHeading || sentence.words < PASSAGE.minWords) continue;
    const own = [...sentence.stems].filter((s) => weights.has(s));
    if (own.length === 0) continue;
    const context = [...sentence.context].filter((s) => weights.has(s) && !sentence.stems.has(s));
    const weight = [...own, ...context].reduce((acc, s) => acc + weights.get(s)!, 0);
    if (own.length + context.length < PASSAGE.minTerms || weight < PASSAGE.minWeight) continue;
    candidates.push({
      text: sentence.text,
      score: weight * Math.min(1, sentence.words / QUOTE_WORDS),
    });
  }
  const passages = candidates.length;
  const best = pickEvidence(candidates, quoted);

  const totalWeight = [...weights.values()].reduce((acc, w) => acc + w, 0);
  const foundWeight = found.reduce((acc, term) => acc + weights.get(term.stem)!, 0);
  // Nobody uses every word of a rubric line: full term credit well before 100 %.
  const target = Math.min(0.7 * totalWeight, 4 + 0.35 * totalWeight);
  const termCredit = target > 0 ? Math.min(1, foundWeight / target) : 0;
  const depth = Math.min(1, passages / FULL_DEPTH_PASSAGES);
  let coverage = best ? TERM_SHARE * termCredit + (1 - TERM_SHARE) * depth : 0;
  // Judged as a whole, a short text that mentions the right things has still not done the work.
  if (!nameTerms.length) coverage *= 0.5 + 0.5 * Math.min(1, index.words / OVERALL_FULL_WORDS);

  return {
    criterion,
    coverage,
    points: pointsFor(coverage, criterion.maxPoints, best !== null),
    quality: qualityOf(coverage, best !== null),
    evidence: best,
    passages,
    found,
    absent,
  };
}

function pickEvidence(candidates: { text: string; score: number }[], quoted: ReadonlySet<string>) {
  // The first of equals wins, so the same text always gives the same quote.
  const ranked = [...candidates].sort((a, b) => b.score - a.score);
  const top = ranked[0];
  if (!top) return null;
  const fresh = ranked.find((c) => !quoted.has(c.text) && c.score >= FRESH_QUOTE_SHARE * top.score);
  return (fresh ?? top).text;
}

/** Coverage as points on the half-point grid; any evidence at all is worth the smallest step. */
export function pointsFor(coverage: number, max: number, hasEvidence: boolean): number {
  if (!hasEvidence) return 0;
  const points = Math.round((coverage * max) / GRADE_STEP) * GRADE_STEP;
  return Math.min(max, Math.max(points, max >= GRADE_STEP ? GRADE_STEP : 0));
}

export function qualityOf(coverage: number, hasEvidence: boolean): Quality {
  if (!hasEvidence) return 'Missing';
  if (coverage >= 0.85) return 'Excellent';
  if (coverage >= 0.65) return 'Good';
  if (coverage >= 0.45) return 'Satisfactory';
  return 'Needs improvement';
}
