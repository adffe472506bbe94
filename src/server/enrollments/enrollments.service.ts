import { and, asc, eq } from 'drizzle-orm';
import { enrollments, users } from '../db/schema';
import type { ServiceDeps } from '../deps';
import { conflict, notFound } from '../errors';
import { requireRole, type Actor } from '../policies/actor';
import { loadOwnedCourse, loadVisibleCourse } from '../policies/course.policy';

export function createEnrollmentService({ db, clock, courseChanges }: ServiceDeps) {
  async function readEnrollment(where: ReturnType<typeof eq>) {
    return db
      .select({
        id: enrollments.id,
        course_id: enrollments.course_id,
        student_id: enrollments.student_id,
        enrolled_at: enrollments.enrolled_at,
        student: { id: users.id, full_name: users.full_name, email: users.email },
      })
      .from(enrollments)
      .innerJoin(users, eq(users.id, enrollments.student_id))
      .where(where)
      .orderBy(asc(users.full_name), asc(enrollments.id));
  }

  return {
    /** A student enrols themself; the unique (course, student) pair makes a repeat a 409. */
    async enroll(actor: Actor, courseId: string) {
      requireRole(actor, 'student');
      await loadVisibleCourse(db, actor, courseId);
      const [created] = await db
        .insert(enrollments)
        .values({ course_id: courseId, student_id: actor.id, enrolled_at: clock() })
        .onConflictDoNothing({ target: [enrollments.course_id, enrollments.student_id] })
        .returning({ id: enrollments.id });
      if (!created) throw conflict('You are already enrolled in this course.');
      courseChanges.courseChanged(courseId);
      const [enrollment] = await readEnrollment(eq(enrollments.id, created.id));
      if (!enrollment) throw notFound('Enrollment');
      return enrollment;
    },

    async unenroll(actor: Actor, courseId: string) {
      requireRole(actor, 'student');
      await loadVisibleCourse(db, actor, courseId);
      const removed = await db
        .delete(enrollments)
        .where(and(eq(enrollments.course_id, courseId), eq(enrollments.student_id, actor.id)))
        .returning({ id: enrollments.id });
      if (removed.length === 0) throw notFound('Enrollment');
      courseChanges.courseChanged(courseId);
    },

    /** The course's teacher sees who is enrolled. */
    async listForCourse(actor: Actor, courseId: string) {
      await loadOwnedCourse(db, actor, courseId);
      return readEnrollment(eq(enrollments.course_id, courseId));
    },
  };
}

export type EnrollmentService = ReturnType<typeof createEnrollmentService>;
