// Criteria about writing and presentation ("Clarity", "Report writing") are about the whole text,
// not about words in it. Their points come from the text's shape (length, sections, sentence
// length), but only as far as the text addresses the assignment at all: a well-written essay on
// the wrong topic earns nothing for presentation either.
import type { RubricCriterion } from '@domain/rubric';
import {
  pointsFor,
  qualityOf,
  type CriterionAssessment,
  type SubmissionIndex,
} from './criterion-evidence';

const PRESENTATION_NAME =
  /\b(writing|written|presentation|clarity|structure|organi[sz]ation|organi[sz]ed|style|formatting|readability|communication|grammar|spelling)\b/i;
const SHAPE = { fullWords: 400, fullSections: 3, sentenceWords: { min: 8, max: 35 } } as const;
// Relevance reaches 1 when the other criteria are covered this well on average.
const FULL_RELEVANCE = 0.7;
// The shape of a text says little about the quality of its writing: never more than "Good".
const MAX_COVERAGE = 0.8;
const MIN_QUOTE_WORDS = 12;

export function isPresentationCriterion(criterion: RubricCriterion): boolean {
  return PRESENTATION_NAME.test(criterion.name);
}

/**
 * The better of the word-based assessment and one from the text's shape, scaled by how well the
 * other criteria are covered.
 */
export function assessPresentation(
  byWords: CriterionAssessment,
  index: SubmissionIndex,
  others: CriterionAssessment[],
): CriterionAssessment {
  const weight = others.reduce((acc, a) => acc + a.criterion.maxPoints, 0);
  const covered = others.reduce((acc, a) => acc + a.coverage * a.criterion.maxPoints, 0);
  const relevance = weight > 0 ? Math.min(1, covered / weight / FULL_RELEVANCE) : 1;

  const body = index.sentences.filter((s) => !s.isHeading);
  const sections = index.sentences.filter((s) => s.isHeading).length;
  const meanWords = body.length ? body.reduce((acc, s) => acc + s.words, 0) / body.length : 0;
  const readable =
    meanWords >= SHAPE.sentenceWords.min && meanWords <= SHAPE.sentenceWords.max ? 1 : 0.5;
  const shape =
    0.5 * Math.min(1, index.words / SHAPE.fullWords) +
    0.25 * Math.min(1, sections / SHAPE.fullSections) +
    0.25 * readable;
  const coverage = MAX_COVERAGE * shape * relevance;
  const sample = body.find((s) => s.words >= MIN_QUOTE_WORDS)?.text ?? body[0]?.text ?? null;
  if (coverage <= byWords.coverage || !sample) return byWords;

  const summary = `${index.words} words in ${sections} ${sections === 1 ? 'section' : 'sections'}, sentences of ${Math.round(meanWords)} words on average`;
  return {
    ...byWords,
    coverage,
    points: pointsFor(coverage, byWords.criterion.maxPoints, true),
    quality: qualityOf(coverage, true),
    evidence: byWords.evidence ?? sample,
    basis: summary,
  };
}
