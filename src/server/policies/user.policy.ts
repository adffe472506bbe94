// Who may read a user's profile (DESIGN §7, GET /api/users/:id): the user themself, or a teacher
// of a course the user is enrolled in. Anyone else is told there is no such user.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { courses, enrollments } from '../db/schema';
import { notFound } from '../errors';
import type { Actor } from './actor';

export async function assertMayReadUser(db: Database, actor: Actor, userId: string) {
  if (actor.id === userId) return;
  if (actor.role === 'teacher') {
    const [teaches] = await db
      .select({ id: enrollments.id })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.course_id))
      .where(and(eq(enrollments.student_id, userId), eq(courses.teacher_id, actor.id)))
      .limit(1);
    if (teaches) return;
  }
  throw notFound('User');
}
