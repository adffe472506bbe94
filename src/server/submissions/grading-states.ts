// The one definition of a submission's grading states (DESIGN §15), as SQL over the
// submissions table (and assignments, for "late"). The dashboard, assignment counts, the agent's
// tools and voice all count and filter with these, so "ungraded" means the same everywhere.
//
// - handed in: the student submitted it (status submitted or graded; a draft is not work yet)
// - graded: handed in and has a grade (SPEC §4: a grade present means graded)
// - ungraded: handed in, no grade yet (what the teacher still has to do)
// - late: handed in after the student's due date: the assignment's, or their extension (SPEC §4,
//   docs/decisions/029: extensions/due-dates.ts decides which)
import { and, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { assignments, submissions } from '../db/schema';
import { effectiveDueDate } from '../extensions/due-dates';

// 'draft' is written into the SQL, not sent as a parameter: the partial index of ungraded work
// (migration 0004) is defined with it, and a prepared statement's generic plan can use a
// partial index only when the index's condition is in the statement's text. As a parameter,
// PostgreSQL planned the dashboard's figures again on every call (1.2 ms of a 3 ms request).
export const isHandedIn: SQL = and(
  sql`${submissions.status} <> 'draft'`,
  isNotNull(submissions.submitted_at),
) as SQL;

export const isGraded: SQL = and(isHandedIn, isNotNull(submissions.grade)) as SQL;

export const isUngraded: SQL = and(isHandedIn, isNull(submissions.grade)) as SQL;

/** Needs `assignments` in the query (joined, or the outer row of a correlated subquery). */
export const isLate: SQL = and(
  isHandedIn,
  isNotNull(assignments.due_date),
  sql`${submissions.submitted_at} > ${effectiveDueDate(submissions.student_id)}`,
) as SQL;

/** `count(*) filter (where …)` as an integer, for per-state counts in one statement. */
export const countWhere = (state: SQL) => sql<number>`count(*) filter (where ${state})::int`;
