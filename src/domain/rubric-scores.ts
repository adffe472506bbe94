// The grading form's rubric rows (DESIGN §11): one row per criterion of a rubric with points,
// the grade being their sum. Shared, so the form and the server agree on what is valid.
import { GRADE_STEP } from './limits';
import { parseRubric } from './rubric';
import type { RubricScore } from './schemas/rubric-scores';

export interface RubricRow {
  criteria: string;
  max_points: number;
}

/** The rows to score, or null when the assignment has no rubric with points of its own. */
export function rubricRowsOf(assignment: {
  rubric_markdown: string | null;
  total_points: number;
}): RubricRow[] | null {
  const rubric = parseRubric(assignment.rubric_markdown, assignment.total_points);
  if (rubric.source !== 'rubric' || rubric.criteria.length === 0) return null;
  return rubric.criteria.map((c) => ({ criteria: c.name, max_points: c.maxPoints }));
}

export const sumOfScores = (scores: Pick<RubricScore, 'points_earned'>[]) =>
  scores.reduce((sum, score) => sum + score.points_earned, 0);

export function isValidCriterionPoints(points: number, max: number): boolean {
  return (
    Number.isFinite(points) && points >= 0 && points <= max && Number.isInteger(points / GRADE_STEP)
  );
}

/** What is wrong with rubric scores for these rows and this grade, or null when nothing is. */
export function rubricScoresProblem(
  scores: RubricScore[],
  rows: RubricRow[] | null,
  grade: number,
): string | null {
  if (!rows) return 'This assignment has no rubric with points to score.';
  const sameCriteria =
    scores.length === rows.length &&
    scores.every(
      (score, index) =>
        score.criteria === rows[index]?.criteria && score.max_points === rows[index]?.max_points,
    );
  if (!sameCriteria) return "The rubric scores must list the assignment's criteria, in order.";
  for (const score of scores) {
    if (!isValidCriterionPoints(score.points_earned, score.max_points)) {
      return `Points for "${score.criteria}" must be between 0 and ${score.max_points}, in steps of ${GRADE_STEP}.`;
    }
  }
  const sum = sumOfScores(scores);
  if (Math.abs(sum - grade) > 1e-9)
    return `The grade must be the sum of the rubric points (${sum}).`;
  return null;
}
