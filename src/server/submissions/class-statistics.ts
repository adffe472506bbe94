// How a class stands on its work, as SQL (aggregates and one statement each, never a loop over
// rows): who handed an assignment in, who is missing, who is graded; the grade distribution;
// late work. The grading states come from grading-states.ts, so "ungraded" and "late" mean
// here what they mean on every other screen. Callers (the submission service) check the actor.
import { and, asc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { assignments, courses, enrollments, submissions, users } from '../db/schema';
import { isGraded, isHandedIn, isLate, isUngraded } from './grading-states';

/** A grading state as a boolean column; false where the student has no submission row. */
const flag = (state: SQL) => sql<boolean>`coalesce(${state}, false)`;

/**
 * Every student of the assignment's course, and anyone else who handed it in (a student who
 * left the course afterwards), with where they stand. Sorted by name.
 */
export function selectRoster(db: Database, assignment: { id: string; course_id: string }) {
  const enrolled = db
    .select({ id: enrollments.student_id })
    .from(enrollments)
    .where(eq(enrollments.course_id, assignment.course_id));
  return db
    .select({
      student: { id: users.id, full_name: users.full_name },
      handed_in: flag(isHandedIn),
      graded: flag(isGraded),
      ungraded: flag(isUngraded),
      late: flag(isLate),
      submitted_at: submissions.submitted_at,
      grade: submissions.grade,
    })
    .from(users)
    .leftJoin(
      submissions,
      and(eq(submissions.student_id, users.id), eq(submissions.assignment_id, assignment.id)),
    )
    .leftJoin(assignments, eq(assignments.id, submissions.assignment_id))
    .where(or(inArray(users.id, enrolled), and(isNotNull(submissions.id), isHandedIn)))
    .orderBy(asc(users.full_name), asc(users.id));
}

export interface GradeStatistics {
  /** Graded submissions the figures are computed from. */
  graded: number;
  average: number | null;
  median: number | null;
  lowest: number | null;
  highest: number | null;
  /** Population standard deviation. */
  std_dev: number | null;
}

/** The distribution of the grades given on one assignment, in one aggregate statement. */
export async function selectGradeStatistics(
  db: Database,
  assignmentId: string,
): Promise<GradeStatistics> {
  const grade = submissions.grade;
  const [row] = await db
    .select({
      graded: sql<number>`count(*)::int`,
      average: sql<number | null>`avg(${grade})::float8`,
      median: sql<number | null>`(percentile_cont(0.5) within group (order by ${grade}))::float8`,
      lowest: sql<number | null>`min(${grade})::float8`,
      highest: sql<number | null>`max(${grade})::float8`,
      std_dev: sql<number | null>`stddev_pop(${grade})::float8`,
    })
    .from(submissions)
    .where(and(eq(submissions.assignment_id, assignmentId), isGraded));
  return {
    graded: Number(row?.graded ?? 0),
    average: numberOrNull(row?.average),
    median: numberOrNull(row?.median),
    lowest: numberOrNull(row?.lowest),
    highest: numberOrNull(row?.highest),
    std_dev: numberOrNull(row?.std_dev),
  };
}

const numberOrNull = (value: unknown) =>
  value === null || value === undefined ? null : Number(value);

/** Work handed in after its due date in the teacher's courses (or one course or assignment). */
export function selectLateSubmissions(
  db: Database,
  teacherId: string,
  scope: { courseId?: string; assignmentId?: string },
) {
  return db
    .select({
      id: submissions.id,
      submitted_at: submissions.submitted_at,
      graded: flag(isGraded),
      student: { id: users.id, full_name: users.full_name },
      assignment: { id: assignments.id, title: assignments.title, due_date: assignments.due_date },
      course: { id: courses.id, title: courses.title },
    })
    .from(submissions)
    .innerJoin(assignments, eq(assignments.id, submissions.assignment_id))
    .innerJoin(courses, eq(courses.id, assignments.course_id))
    .innerJoin(users, eq(users.id, submissions.student_id))
    .where(
      and(
        eq(courses.teacher_id, teacherId),
        scope.courseId ? eq(courses.id, scope.courseId) : undefined,
        scope.assignmentId ? eq(assignments.id, scope.assignmentId) : undefined,
        isLate,
      ),
    )
    .orderBy(asc(assignments.due_date), asc(users.full_name), asc(submissions.id));
}
