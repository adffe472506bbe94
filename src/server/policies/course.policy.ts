// Who may see and change a course (DESIGN §7). Something the caller may not see answers 404,
// so ids cannot be probed; something visible but not theirs to change answers 403.
import { and, eq, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { courses, enrollments } from '../db/schema';
import { forbidden, notFound } from '../errors';
import type { Actor } from './actor';

export type CourseRow = typeof courses.$inferSelect;

/** How the actor stands to a course. */
export type CourseRelation = 'owner' | 'enrolled' | 'other-student' | 'none';

export async function courseRelation(
  db: Database,
  actor: Actor,
  course: Pick<CourseRow, 'id' | 'teacher_id'>,
): Promise<CourseRelation> {
  if (actor.role === 'teacher') return relationTo(actor, course, false);
  const [enrolment] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(isEnrolment(course.id, actor.id));
  return relationTo(actor, course, enrolment !== undefined);
}

/** The enrolment row of this student in this course (a condition on `enrollments`). */
export const isEnrolment = (courseId: SQLWrapper | string, studentId: SQLWrapper | string) =>
  and(eq(enrollments.course_id, courseId), eq(enrollments.student_id, studentId));

/** courseRelation's rule, for a caller that read the enrolment along with the course. */
export function relationTo(
  actor: Actor,
  course: Pick<CourseRow, 'teacher_id'>,
  enrolled: boolean,
): CourseRelation {
  if (actor.role === 'teacher') return course.teacher_id === actor.id ? 'owner' : 'none';
  return enrolled ? 'enrolled' : 'other-student';
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
 * A course whose members (its teacher, its enrolled students) may use what it offers; a
 * student who can only browse it gets 403 with `refusal`, anyone else 404.
 */
export async function loadMemberCourse(
  db: Database,
  actor: Actor,
  courseId: string,
  refusal = 'Enrol in this course to use it.',
) {
  const { course, relation } = await loadVisibleCourse(db, actor, courseId);
  if (relation !== 'owner' && relation !== 'enrolled') throw forbidden(refusal);
  return { course, relation };
}
