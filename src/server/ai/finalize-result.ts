// The last step of every engine (DESIGN §9): whatever an engine produced, the teacher gets one
// breakdown row per rubric criterion with that criterion's maximum, points on the half-point
// grid, a grade that is the sum of the rows, and a percentage that matches the grade.
import { percentageOf } from '@domain/grading';
import { GRADE_STEP } from '@domain/limits';
import type { ParsedRubric } from '@domain/rubric';
import type { DetailedResult } from '@domain/schemas/submissions';

type BreakdownRow = DetailedResult['rubric_breakdown'][number];

export const NOT_ASSESSED = 'Not assessed';

export function finalizeResult(
  raw: DetailedResult,
  rubric: ParsedRubric,
  totalPoints: number,
  engine: string,
): DetailedResult {
  const breakdown = rubric.criteria.length
    ? matchCriteria(raw.rubric_breakdown, rubric)
    : raw.rubric_breakdown.map((row) => ({
        ...row,
        points_earned: snap(row.points_earned, row.max_points),
      }));
  const sum = breakdown.reduce((acc, row) => acc + row.points_earned, 0);
  const grade = snap(sum, totalPoints);
  const warnings = unique(raw.warnings ?? []);
  return {
    grade,
    percentage: percentageOf(grade, totalPoints),
    confidence_level: clamp(raw.confidence_level, 0, 1),
    feedback: {
      overall: raw.feedback.overall.trim(),
      strengths: unique(raw.feedback.strengths),
      areas_for_improvement: unique(raw.feedback.areas_for_improvement),
      missing_elements: unique(raw.feedback.missing_elements),
    },
    rubric_breakdown: breakdown,
    recommendations: unique(raw.recommendations),
    engine,
    ...(warnings.length ? { warnings } : {}),
  };
}

/** One row per criterion, in the rubric's order; rows for criteria it does not have are dropped. */
function matchCriteria(rows: BreakdownRow[], rubric: ParsedRubric): BreakdownRow[] {
  const unused = new Set(rows.map((_, index) => index));
  const take = (test: (row: BreakdownRow) => boolean) => {
    const index = [...unused].find((i) => test(rows[i]!));
    if (index === undefined) return undefined;
    unused.delete(index);
    return rows[index];
  };
  const keys = rubric.criteria.map((criterion) => nameKey(criterion.name));
  // Exact names first, so a looser match never steals a row that belongs to another criterion.
  const exact = keys.map((key) => take((row) => nameKey(row.criteria) === key));
  return rubric.criteria.map((criterion, index) => {
    const key = keys[index]!;
    // Models like to decorate names: "Problem analysis (20 points)" is still "Problem analysis".
    const row =
      exact[index] ??
      take((row) => {
        const other = nameKey(row.criteria);
        return other.length > 0 && (other.startsWith(key) || key.startsWith(other));
      });
    if (!row) {
      return {
        criteria: criterion.name,
        points_earned: 0,
        max_points: criterion.maxPoints,
        justification: `${NOT_ASSESSED}.`,
        quality_assessment: NOT_ASSESSED,
      };
    }
    return {
      criteria: criterion.name,
      points_earned: snap(row.points_earned, criterion.maxPoints),
      max_points: criterion.maxPoints,
      justification: row.justification.trim(),
      quality_assessment: row.quality_assessment.trim(),
    };
  });
}

/** Case, spacing, punctuation and Markdown marks do not make a different criterion. */
function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Into [0, max] on the half-point grid, never rounding above max. */
function snap(value: number, max: number): number {
  if (!Number.isFinite(value)) return 0;
  const ceiling = Math.floor(Math.max(0, max) / GRADE_STEP) * GRADE_STEP;
  return clamp(Math.round(value / GRADE_STEP) * GRADE_STEP, 0, ceiling);
}

function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, value));
}

function unique(items: string[]): string[] {
  return [...new Set(items.map((item) => item.trim()).filter(Boolean))];
}
