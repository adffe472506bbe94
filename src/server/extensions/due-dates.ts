// The one definition of a student's due date (docs/decisions/029), as SQL over `assignments`
// (joined, or the outer row of a correlated subquery). "Late" (grading-states.ts), the student's
// assignment reads ('days left', Upcoming / Past), the dashboard and the review screen's penalty
// all use it, so an extension moves every one of them together.
//
// - The extended due date: the student's row in `extensions` for this assignment, if any.
// - The effective due date: the later of the assignment's due date and the extension (a due
//   date moved past an extension never leaves that student with the earlier one); none when
//   the assignment has no due date.
// - Open through an extension: a closed assignment still accepts work from a student whose
//   extension has not passed.
import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { assignments, extensions } from '../db/schema';

type StudentRef = AnyColumn | SQL | string;

/** The student's extended due date for the assignment in the query, or null. */
export const extendedDueDate = (studentId: StudentRef) =>
  sql<Date | null>`(select ${extensions.due_date} from ${extensions} where ${extensions.assignment_id} = ${assignments.id} and ${extensions.student_id} = ${studentId})`;

/** The due date that holds for the student: null without an assignment due date. */
export const effectiveDueDate = (studentId: StudentRef) =>
  sql<Date | null>`(case when ${assignments.due_date} is null then null else greatest(${assignments.due_date}, ${extendedDueDate(studentId)}) end)`;

/** Select-list forms, read exactly like the due date column itself. */
export const extendedDueDateColumn = (studentId: StudentRef) =>
  extendedDueDate(studentId).mapWith(assignments.due_date);
export const effectiveDueDateColumn = (studentId: StudentRef) =>
  effectiveDueDate(studentId).mapWith(assignments.due_date);

/** A closed assignment the student may still work on: their extension has not passed. */
export const isOpenThroughExtension = (studentId: StudentRef, now: Date): SQL =>
  sql`(${assignments.status} = 'closed' and ${extendedDueDate(studentId)} is not null and ${effectiveDueDate(studentId)} > ${now.toISOString()}::timestamptz)`;

/** What a student sees of their course's assignments: published, or open to them through an extension. */
export const isOpenToStudent = (studentId: StudentRef, now: Date): SQL =>
  sql`(${assignments.status} = 'published' or ${isOpenThroughExtension(studentId, now)})`;

/** Whether this closed assignment is still open to this student (for the policies). */
export async function isClosedButExtended(
  db: Database,
  studentId: string,
  assignmentId: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ open: sql<boolean>`${isOpenThroughExtension(studentId, now)}` })
    .from(assignments)
    .where(eq(assignments.id, assignmentId));
  return row?.open === true;
}
