// What a student may see of their own submission (DESIGN §11, §15): the one place that decides,
// used by every student-facing door (the submission routes, the dashboard, voice; the agent's
// tools are the teacher's only).
//
// - A grade reaches the student only once it is released: at once under the assignment's
//   automatic release policy; under manual release, when the teacher has released the grades
//   and this one was saved at or before that moment (a grade saved or changed afterwards waits
//   for the next release). Until then the student sees their work as handed in and ungraded
//   ('Awaiting Grade'): no grade, feedback, analysis, rubric points or graded date.
// - The detailed analysis only when the teacher ticked 'Show detailed feedback to student'.
// - Never the teacher-only parts of the analysis: the engine that produced it and the
//   warnings (for example a flagged attempt to instruct the grader).
// - The per-criterion rubric points with the detailed feedback only; never which Mylo
//   suggestion the grade started from.
import { and, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { DetailedResult } from '@domain/schemas/submissions';
import { assignments, submissions } from '../db/schema';

const TEACHER_ONLY_FIELDS = ['engine', 'warnings'] as const;

export type StudentDetailedResult = Omit<DetailedResult, (typeof TEACHER_ONLY_FIELDS)[number]>;

/**
 * Whether the submission's grade is released to its student, as SQL (needs `submissions` and
 * `assignments` in the query). Every read a student may receive selects it as `grade_released`.
 */
export const isGradeReleased: SQL = or(
  eq(assignments.grade_release, 'automatic'),
  and(
    isNotNull(assignments.grades_released_at),
    isNotNull(submissions.graded_at),
    sql`${submissions.graded_at} <= ${assignments.grades_released_at}`,
  ),
) as SQL;

/** `grade_released` as a boolean column, for a select list. */
export const gradeReleasedColumn = () => sql<boolean>`coalesce(${isGradeReleased}, false)`;

/** The fields of a row this module may change; any others pass through unchanged. */
export interface GradeFields {
  /** From isGradeReleased; a row that lacks it is treated as not released. */
  grade_released: boolean;
  status?: string;
  grade?: number | null;
  graded_at?: Date | string | null;
  feedback?: string | null;
  show_detailed_feedback?: boolean;
  detailed_feedback_json?: DetailedResult | null;
  rubric_scores?: unknown;
  graded_from_suggestion_id?: string | null;
  submitted_at?: Date | string | null;
  updated_at?: Date | string;
}

/** The analysis without what only the teacher should read. */
export function studentDetailedResult(result: DetailedResult): StudentDetailedResult {
  const shown: Partial<DetailedResult> = { ...result };
  for (const field of TEACHER_ONLY_FIELDS) delete shown[field];
  return shown as StudentDetailedResult;
}

/** Each grade field of the row, emptied (only those the row has). */
function withoutGrade(row: GradeFields): Partial<GradeFields> {
  return {
    ...('status' in row && row.status === 'graded' && { status: 'submitted' }),
    ...('grade' in row && { grade: null }),
    ...('graded_at' in row && { graded_at: null }),
    ...('feedback' in row && { feedback: null }),
    ...('show_detailed_feedback' in row && { show_detailed_feedback: false }),
    // Saving a grade touches the row; the student's copy keeps the time of their own last change.
    ...('updated_at' in row && row.submitted_at && { updated_at: row.submitted_at }),
  };
}

/** A submission (or a row of one) as its student may see it. */
export function forStudent<T extends GradeFields>(submission: T): T {
  const row: GradeFields = submission;
  const released = row.grade_released === true;
  const shown = released && Boolean(row.show_detailed_feedback);
  return {
    ...submission,
    ...(!released && withoutGrade(row)),
    ...('detailed_feedback_json' in row && {
      detailed_feedback_json:
        shown && row.detailed_feedback_json
          ? studentDetailedResult(row.detailed_feedback_json)
          : null,
    }),
    // The per-criterion points are part of the detailed feedback the teacher chose to show.
    ...('rubric_scores' in row && { rubric_scores: shown ? row.rubric_scores : null }),
    // Which suggestion a grade started from is the teacher's business.
    ...('graded_from_suggestion_id' in row && { graded_from_suggestion_id: null }),
  };
}
