// Which criteria judge how the work is written rather than what it says: they are assessed on
// the text's shape (presentation.ts), and their words never say what the work must be about.
import type { RubricCriterion } from '@domain/rubric';

const PRESENTATION_NAME =
  /\b(writing|written|presentation|clarity|clear|structure|organi[sz]ation|organi[sz]ed|style|formatting|readability|communication|grammar|spelling)\b/i;

export function isPresentationCriterion(criterion: RubricCriterion): boolean {
  return PRESENTATION_NAME.test(criterion.name);
}
