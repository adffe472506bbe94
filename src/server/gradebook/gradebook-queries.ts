// The gradebook's rows as SQL (DESIGN §11): three statements for a whole course however many
// students and assignments it has, never a query per cell. The grading states come from
// grading-states.ts and release from student-view.ts, so 'late', 'graded' and 'released'
// mean here what they mean on every other screen.
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { assignments, enrollments, submissions, users } from '../db/schema';
import { countWhere, isGraded, isHandedIn, isLate } from '../submissions/grading-states';
import { isGradeReleased } from '../submissions/student-view';

export interface GradebookScope {
  courseId: string;
  /** One assignment (any status); otherwise every assignment of the course but drafts. */
  assignmentId?: string;
}

const flag = (state: SQL) => sql<boolean>`coalesce(${state}, false)`;

/** The assignments a gradebook shows, as a condition on `assignments`. */
const inScope = ({ courseId, assignmentId }: GradebookScope) =>
  and(
    eq(assignments.course_id, courseId),
    assignmentId ? eq(assignments.id, assignmentId) : ne(assignments.status, 'draft'),
  ) as SQL;

const enrolledIn = (db: Database, courseId: string) =>
  db
    .select({ id: enrollments.student_id })
    .from(enrollments)
    .where(eq(enrollments.course_id, courseId));

/** The columns: soonest due first (undated last), each with its class mean over graded work. */
export function selectGradebookAssignments(db: Database, scope: GradebookScope) {
  return db
    .select({
      id: assignments.id,
      title: assignments.title,
      total_points: assignments.total_points,
      due_date: assignments.due_date,
      status: assignments.status,
      grade_release: assignments.grade_release,
      mean: sql<number | null>`(avg(${submissions.grade}) filter (where ${isGraded}))::float8`,
      graded_count: countWhere(isGraded),
    })
    .from(assignments)
    .leftJoin(
      submissions,
      and(
        eq(submissions.assignment_id, assignments.id),
        inArray(submissions.student_id, enrolledIn(db, scope.courseId)),
      ),
    )
    .where(inScope(scope))
    .groupBy(assignments.id)
    .orderBy(
      sql`${assignments.due_date} asc nulls last`,
      asc(assignments.created_at),
      asc(assignments.id),
    );
}

/** The rows: every enrolled student by name, with points earned and possible over graded work. */
export function selectGradebookStudents(db: Database, scope: GradebookScope) {
  return db
    .select({
      id: users.id,
      full_name: users.full_name,
      email: users.email,
      total: sql<number>`coalesce(sum(${submissions.grade}) filter (where ${isGraded}), 0)::float8`,
      possible: sql<number>`coalesce(sum(${assignments.total_points}) filter (where ${isGraded}), 0)::int`,
    })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.student_id))
    .leftJoin(assignments, inScope(scope))
    .leftJoin(
      submissions,
      and(eq(submissions.assignment_id, assignments.id), eq(submissions.student_id, users.id)),
    )
    .where(eq(enrollments.course_id, scope.courseId))
    .groupBy(users.id)
    .orderBy(asc(users.full_name), asc(users.email), asc(users.id));
}

/** The filled cells: each enrolled student's submission to each assignment shown. */
export function selectGradebookSubmissions(db: Database, scope: GradebookScope) {
  return db
    .select({
      id: submissions.id,
      assignment_id: submissions.assignment_id,
      student_id: submissions.student_id,
      grade: submissions.grade,
      handed_in: flag(isHandedIn),
      graded: flag(isGraded),
      late: flag(isLate),
      released: flag(isGradeReleased),
    })
    .from(submissions)
    .innerJoin(assignments, eq(assignments.id, submissions.assignment_id))
    .where(and(inScope(scope), inArray(submissions.student_id, enrolledIn(db, scope.courseId))));
}
