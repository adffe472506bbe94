// A submission as the API shows it (submissionSchema): the row with its student and its
// assignment's course. One query for one submission or a whole list.
import { desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { RubricScore } from '@domain/schemas/rubric-scores';
import type { DetailedResult, submissionSchema } from '@domain/schemas/submissions';
import type { Database } from '../db/connect';
import { preparedFor } from '../db/prepared';
import { assignments, courses, submissions, users } from '../db/schema';
import { effectiveDueDateColumn, extendedDueDateColumn } from '../extensions/due-dates';
import { isLate } from './grading-states';
import { gradeReleasedColumn } from './student-view';

export type SubmissionView = z.output<typeof submissionSchema>;

/** Newest work first; a row never submitted (PostgreSQL sorts its null first) goes last. */
const NEWEST_FIRST = [
  sql`${submissions.submitted_at} desc nulls last`,
  desc(submissions.created_at),
  desc(submissions.id),
];

// The extracted text can be long; lists leave it out and only a single read carries it. Which
// version was graded is the versions list's to say (to the teacher only).
const {
  content,
  file_url: _legacyUrl,
  graded_version_id: _gradedVersion,
  ...summaryColumns
} = getTableColumns(submissions);

function viewQuery(db: Database, where: SQL | undefined, options: { withContent?: boolean }) {
  return db
    .select({
      submission: options.withContent ? { ...summaryColumns, content } : summaryColumns,
      grade_released: gradeReleasedColumn(),
      late: sql<boolean>`coalesce(${isLate}, false)`,
      extended_due_date: extendedDueDateColumn(submissions.student_id),
      effective_due_date: effectiveDueDateColumn(submissions.student_id),
      student: { id: users.id, full_name: users.full_name, email: users.email },
      assignment: {
        id: assignments.id,
        title: assignments.title,
        total_points: assignments.total_points,
        due_date: assignments.due_date,
        late_penalty_percent_per_day: assignments.late_penalty_percent_per_day,
        late_penalty_cap_percent: assignments.late_penalty_cap_percent,
        course_id: assignments.course_id,
      },
      course: { id: courses.id, title: courses.title },
    })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.student_id))
    .innerJoin(assignments, eq(assignments.id, submissions.assignment_id))
    .innerJoin(courses, eq(courses.id, assignments.course_id))
    .where(where)
    .orderBy(...NEWEST_FIRST);
}

type ViewRow = Awaited<ReturnType<typeof viewQuery>>[number];

export async function selectSubmissionViews(
  db: Database,
  where: SQL | undefined,
  options: { withContent?: boolean } = {},
): Promise<SubmissionView[]> {
  return toViews(await viewQuery(db, where, options));
}

function toViews(rows: ViewRow[]): SubmissionView[] {
  return rows.map(({ submission, grade_released, student, assignment, course, ...dates }) => {
    const { detailed_feedback_json, rubric_scores, ...fields } = submission;
    return {
      content: null,
      ...fields,
      detailed_feedback_json: (detailed_feedback_json ?? null) as DetailedResult | null,
      rubric_scores: (rubric_scores ?? null) as RubricScore[] | null,
      grade_released,
      ...dates,
      student,
      assignment: { ...assignment, course },
    };
  });
}

/** One submission, its text included: prepared, since every hand-in and review reads it. */
export async function loadSubmissionView(db: Database, id: string) {
  const rows = await preparedFor(db, 'submission_view', () =>
    viewQuery(db, eq(submissions.id, sql.placeholder('id')), { withContent: true }),
  ).execute({ id });
  return toViews(rows)[0];
}
