// The grading form's rules (SPEC §2, §5, §9), apart from React: what counts as a valid grade,
// when the form has changed from what is saved, and how Mylo's suggestion enters and leaves it.
import {
  type GradeBand,
  gradeBand,
  gradeErrorMessage,
  isValidGrade,
  percentageOf,
} from '@domain/grading';
import type {
  AutoGradeResult,
  DetailedResult,
  GradeInput,
  Submission,
} from '@domain/schemas/submissions';

export interface GradeFormValues {
  /** The grade as typed (a number input's text); '' while empty. */
  grade: string;
  feedback: string;
  showDetailedFeedback: boolean;
  /** The analysis saved with the grade: the stored one, Mylo's new suggestion, or none. */
  analysis: DetailedResult | null;
}

/** The form as the saved submission fills it: the baseline that "changed" is measured from. */
export function savedGradeForm(
  submission: Pick<
    Submission,
    'grade' | 'feedback' | 'show_detailed_feedback' | 'detailed_feedback_json'
  >,
): GradeFormValues {
  return {
    grade: submission.grade === null ? '' : String(submission.grade),
    feedback: submission.feedback ?? '',
    showDetailedFeedback: submission.show_detailed_feedback,
    analysis: submission.detailed_feedback_json,
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
    !sameAnalysis(values.analysis, baseline.analysis)
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

/** Mylo's answer prefills the grade and feedback and is held until the teacher submits. */
export function applySuggestion(values: GradeFormValues, result: AutoGradeResult): GradeFormValues {
  return {
    ...values,
    grade: String(result.grade),
    feedback: result.feedback,
    analysis: result.detailed_result,
  };
}

/** 'Clear Auto-Grade': the analysis goes, and the grade and feedback return to the saved ones. */
export function clearSuggestion(baseline: GradeFormValues): GradeFormValues {
  return { ...baseline, analysis: null };
}

/** The request body; only called once canSubmitGrade holds. */
export function toGradeInput(values: GradeFormValues): GradeInput {
  return {
    grade: Number(values.grade.trim()),
    feedback: values.feedback,
    show_detailed_feedback: values.showDetailedFeedback,
    detailed_feedback_json: values.analysis,
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
