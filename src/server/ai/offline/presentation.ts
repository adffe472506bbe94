// Criteria about writing and presentation ("Organisation and style", "Clarity") are about the
// whole text, not about words in it: well-formed sentences, enough of them, sections or
// paragraphs. Only as far as the work does the assignment, though: a well-written essay on the
// wrong question, or three tidy sentences, earn little for presentation either.
import { pointsFor, qualityOf, type CriterionAssessment } from './criterion-assessment';
import type { Reading } from './reading';

/** Sentences of this many words and more read as prose. */
const MIN_SENTENCE_WORDS = 5;
const FULL_SECTIONS = 3;

/** The better of the evidence for the criterion's words and the text's own shape. */
export function assessPresentation(
  byContent: CriterionAssessment,
  reading: Reading,
  others: CriterionAssessment[],
): CriterionAssessment {
  const prose = reading.units.filter((u) => u.kind === 'prose' && u.uniqueness > 0);
  const wordsOf = (u: (typeof prose)[number]) => u.tokens.filter((t) => t.kind === 'word').length;
  const total = prose.reduce((acc, u) => acc + wordsOf(u), 0);
  if (total === 0) return byContent;
  const wellFormed =
    prose
      .filter((u) => wordsOf(u) >= MIN_SENTENCE_WORDS)
      .reduce((acc, u) => acc + u.form * wordsOf(u), 0) / total;
  const sections = reading.units.filter((u) => u.kind === 'heading').length;
  const organised = 0.85 + 0.15 * Math.min(1, sections / FULL_SECTIONS);
  const length = Math.min(1, reading.words / reading.expectedWords);
  const weight = others.reduce((acc, a) => acc + a.criterion.maxPoints, 0);
  const content = weight
    ? others.reduce((acc, a) => acc + a.coverage * a.criterion.maxPoints, 0) / weight
    : reading.quality;
  const coverage =
    wellFormed *
    organised *
    Math.sqrt(length) *
    content ** 0.5 *
    reading.topic.factor *
    reading.repetition;
  if (coverage <= byContent.coverage) return byContent;
  const sample =
    byContent.evidence ??
    prose.find((u) => u.form >= 0.9 && wordsOf(u) >= 12 && u.echo < 0.5)?.text ??
    null;
  if (!sample) return byContent;
  const points = pointsFor(coverage, byContent.criterion.maxPoints);
  return {
    ...byContent,
    coverage,
    points,
    quality: qualityOf(coverage, points > 0),
    evidence: sample,
    basis: `${reading.words} words in ${sections} ${sections === 1 ? 'section' : 'sections'}, ${Math.round(wellFormed * 100)} % of them in well-formed sentences`,
  };
}
