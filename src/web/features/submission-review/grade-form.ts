// The grading form's rules (SPEC §2, §5, §9), apart from React: what counts as a valid grade,
// when the form has changed from what is saved, and how Mylo's suggestion enters and leaves it.
import {
  type GradeBand,
  gradeBand,
  gradeErrorMessage,
  isValidGrade,
  percentageOf,
} from '@domain/grading';
import { isValidCriterionPoints, sumOfScores, type RubricRow } from '@domain/rubric-scores';
import type { RubricScore } from '@domain/schemas/rubric-scores';
import type { DetailedResult, GradeInput, Submission } from '@domain/schemas/submissions';

export interface GradeFormValues {
  /** The grade as typed (a number input's text); '' while empty. */
  grade: string;
  feedback: string;
  showDetailedFeedback: boolean;
  /** The analysis saved with the grade: the stored one, Mylo's new suggestion, or none. */
  analysis: DetailedResult | null;
  /** Points typed per rubric criterion (by name), or null when the rubric has no rows. */
  rubric: Record<string, string> | null;
  /** The stored Mylo suggestion the values came from, if any (saved with the grade). */
  suggestionId: string | null;
}

/** A Mylo suggestion as the form takes it: the SPEC reply, or a stored suggestion. */
export interface FormSuggestion {
  id?: string | null;
  grade: number;
  feedback: string;
  result: DetailedResult;
}

/** The form as the saved submission fills it: the baseline that "changed" is measured from. */
export function savedGradeForm(
  submission: Pick<
    Submission,
    | 'grade'
    | 'feedback'
    | 'show_detailed_feedback'
    | 'detailed_feedback_json'
    | 'rubric_scores'
    | 'graded_from_suggestion_id'
  >,
  rows: RubricRow[] | null = null,
): GradeFormValues {
  const saved = new Map(submission.rubric_scores?.map((s) => [s.criteria, s.points_earned]));
  return {
    grade: submission.grade === null ? '' : String(submission.grade),
    feedback: submission.feedback ?? '',
    showDetailedFeedback: submission.show_detailed_feedback,
    analysis: submission.detailed_feedback_json,
    rubric: rows
      ? Object.fromEntries(
          rows.map((row) => [
            row.criteria,
            saved.has(row.criteria) ? String(saved.get(row.criteria)) : '',
          ]),
        )
      : null,
    suggestionId: submission.graded_from_suggestion_id ?? null,
  };
}

export type GradeCheck =
  | { status: 'empty' }
  | { status: 'invalid'; message: string }
  | { status: 'valid'; grade: number; percentage: number; band: GradeBand };

/** An empty field is not an error yet (nothing typed); anything else must be a valid grade. */
export function checkGrade(text: string, totalPoints: number): GradeCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { status: 'empty' };
  const grade = Number(trimmed);
  if (!isValidGrade(grade, totalPoints)) {
    return { status: 'invalid', message: gradeErrorMessage(totalPoints) };
  }
  return {
    status: 'valid',
    grade,
    percentage: percentageOf(grade, totalPoints),
    band: gradeBand(grade, totalPoints),
  };
}

function sameGrade(a: string, b: string): boolean {
  const [x, y] = [a.trim(), b.trim()];
  if (x === '' || y === '') return x === y;
  const [m, n] = [Number(x), Number(y)];
  return Number.isNaN(m) || Number.isNaN(n) ? x === y : m === n;
}

function sameRubric(a: GradeFormValues['rubric'], b: GradeFormValues['rubric']): boolean {
  if (a === null || b === null) return a === b;
  return Object.keys(a).every((criterion) => sameGrade(a[criterion] ?? '', b[criterion] ?? ''));
}

function sameAnalysis(a: DetailedResult | null, b: DetailedResult | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Whether submitting would save something new. '80' and '80.0' are the same grade, and the
 * server trims feedback, so surrounding spaces are no change either.
 */
export function isGradeFormChanged(values: GradeFormValues, baseline: GradeFormValues): boolean {
  return (
    !sameGrade(values.grade, baseline.grade) ||
    values.feedback.trim() !== baseline.feedback.trim() ||
    values.showDetailedFeedback !== baseline.showDetailedFeedback ||
    !sameAnalysis(values.analysis, baseline.analysis) ||
    !sameRubric(values.rubric, baseline.rubric)
  );
}

/** SPEC §5: a valid grade, a changed form and no save in progress. */
export function canSubmitGrade({
  values,
  baseline,
  totalPoints,
  busy,
}: {
  values: GradeFormValues;
  baseline: GradeFormValues;
  totalPoints: number;
  /** A save (or a Mylo run whose answer would overwrite the form) is in progress. */
  busy: boolean;
}): boolean {
  return (
    !busy &&
    checkGrade(values.grade, totalPoints).status === 'valid' &&
    isGradeFormChanged(values, baseline)
  );
}

/** An analysis is held that the submission does not have saved yet: Mylo's new suggestion. */
export function hasUnsavedSuggestion(values: GradeFormValues, baseline: GradeFormValues): boolean {
  return values.analysis !== null && !sameAnalysis(values.analysis, baseline.analysis);
}

/**
 * Mylo's answer prefills the grade, the feedback and each rubric row with its points, and is
 * held until the teacher submits.
 */
export function applySuggestion(
  values: GradeFormValues,
  suggestion: FormSuggestion,
): GradeFormValues {
  const points = new Map(
    suggestion.result.rubric_breakdown.map((row) => [row.criteria, row.points_earned]),
  );
  return {
    ...values,
    grade: String(suggestion.grade),
    feedback: suggestion.feedback,
    analysis: suggestion.result,
    suggestionId: suggestion.id ?? null,
    rubric:
      values.rubric &&
      Object.fromEntries(
        Object.keys(values.rubric).map((criterion) => [
          criterion,
          points.has(criterion)
            ? String(points.get(criterion))
            : (values.rubric?.[criterion] ?? ''),
        ]),
      ),
  };
}

/**
 * One rubric row typed: when every row holds valid points, the grade becomes their sum (the
 * teacher can still type a grade of their own afterwards).
 */
export function setRubricPoints(
  values: GradeFormValues,
  rows: RubricRow[],
  criterion: string,
  text: string,
): GradeFormValues {
  const rubric = { ...(values.rubric ?? {}), [criterion]: text };
  const scores = scoresOf(rubric, rows);
  return { ...values, rubric, ...(scores && { grade: String(sumOfScores(scores)) }) };
}

function scoresOf(rubric: Record<string, string>, rows: RubricRow[]): RubricScore[] | null {
  const scores = rows.map((row) => ({
    criteria: row.criteria,
    max_points: row.max_points,
    points_earned: Number((rubric[row.criteria] ?? '').trim() || NaN),
  }));
  return scores.every((score) => isValidCriterionPoints(score.points_earned, score.max_points))
    ? scores
    : null;
}

/**
 * The rubric rows as saved with the grade: every row valid and adding up to the grade, or
 * nothing (the teacher graded as a whole).
 */
export function rubricScoresOf(values: GradeFormValues, rows: RubricRow[] | null) {
  if (!rows || !values.rubric) return null;
  const scores = scoresOf(values.rubric, rows);
  if (!scores) return null;
  return Math.abs(sumOfScores(scores) - Number(values.grade.trim())) < 1e-9 ? scores : null;
}

/** A row's text is a valid number of points for its criterion, or empty. */
export function rubricRowError(text: string, row: RubricRow): string | undefined {
  if (text.trim() === '' || isValidCriterionPoints(Number(text.trim()), row.max_points)) {
    return undefined;
  }
  return `Points must be between 0 and ${row.max_points}.`;
}

/** 'Clear Auto-Grade': the analysis goes, and the grade and feedback return to the saved ones. */
export function clearSuggestion(baseline: GradeFormValues): GradeFormValues {
  return { ...baseline, analysis: null, suggestionId: null };
}

/** The request body; only called once canSubmitGrade holds. */
export function toGradeInput(values: GradeFormValues, rows: RubricRow[] | null = null): GradeInput {
  return {
    grade: Number(values.grade.trim()),
    feedback: values.feedback,
    show_detailed_feedback: values.showDetailedFeedback,
    detailed_feedback_json: values.analysis,
    suggestion_id: values.analysis ? values.suggestionId : null,
    rubric_scores: rubricScoresOf(values, rows),
  };
}

/** SPEC §9 colour bands, as badge tones. */
export const GRADE_BAND_TONE = {
  excellent: 'green',
  good: 'blue',
  satisfactory: 'yellow',
  passing: 'orange',
  failing: 'red',
} as const satisfies Record<GradeBand, string>;
