// Who may see and change a course or an assignment (DESIGN §7), in one place. Every service
// that touches a course or an assignment asks here first. Something the caller may not see
// answers 404, so ids cannot be probed; something visible but not theirs to change answers 403.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { assignments, courses, enrollments } from '../db/schema';
import { forbidden, notFound } from '../errors';
import type { Actor } from '../plugins/auth';

export type CourseRow = typeof courses.$inferSelect;
export type AssignmentRow = typeof assignments.$inferSelect;

/** How the actor stands to a course. */
export type CourseRelation = 'owner' | 'enrolled' | 'other-student' | 'none';

export async function courseRelation(
  db: Database,
  actor: Actor,
  course: Pick<CourseRow, 'id' | 'teacher_id'>,
): Promise<CourseRelation> {
  if (actor.role === 'teacher') return course.teacher_id === actor.id ? 'owner' : 'none';
  const [enrolment] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.course_id, course.id), eq(enrollments.student_id, actor.id)));
  return enrolment ? 'enrolled' : 'other-student';
}

/** Any course a student may browse (to enrol) or a teacher owns; others are 404. */
export async function loadVisibleCourse(db: Database, actor: Actor, courseId: string) {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) throw notFound('Course');
  const relation = await courseRelation(db, actor, course);
  if (relation === 'none') throw notFound('Course');
  return { course, relation };
}

/** The owner teacher only; a student who can see the course gets 403, anyone else 404. */
export async function loadOwnedCourse(db: Database, actor: Actor, courseId: string) {
  const { course, relation } = await loadVisibleCourse(db, actor, courseId);
  if (relation !== 'owner') throw forbidden('Only the course teacher can do this.');
  return course;
}

/**
 * An assignment the actor may read: the owner sees any status, an enrolled student the
 * published ones only (SPEC §4). Everything else is 404.
 */
export async function loadReadableAssignment(db: Database, actor: Actor, assignmentId: string) {
  const [row] = await db
    .select({ assignment: assignments, course: courses })
    .from(assignments)
    .innerJoin(courses, eq(courses.id, assignments.course_id))
    .where(eq(assignments.id, assignmentId));
  if (!row) throw notFound('Assignment');
  const relation = await courseRelation(db, actor, row.course);
  const readable =
    relation === 'owner' || (relation === 'enrolled' && row.assignment.status === 'published');
  if (!readable) throw notFound('Assignment');
  return { ...row, relation };
}

/** The owner teacher only; an enrolled student who can read it gets 403, others 404. */
export async function loadOwnedAssignment(db: Database, actor: Actor, assignmentId: string) {
  const { assignment, course, relation } = await loadReadableAssignment(db, actor, assignmentId);
  if (relation !== 'owner') throw forbidden('Only the course teacher can do this.');
  return { assignment, course };
}
