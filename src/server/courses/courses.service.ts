import { eq } from 'drizzle-orm';
import type { courseInputSchema, courseUpdateSchema } from '@domain/schemas/courses';
import type { z } from 'zod';
import { assignments, courses } from '../db/schema';
import type { ServiceDeps } from '../deps';
import { badRequest, notFound } from '../errors';
import { requireRole, type Actor } from '../policies/actor';
import { loadOwnedCourse, loadVisibleCourse } from '../policies/course.policy';
import {
  listStudentCourses,
  listTeacherCourses,
  selectCourse,
  type CourseRecord,
} from './course-queries';

export type CourseScope = 'mine' | 'enrolled' | 'available';

export function createCourseService({ db, storage, log, clock, courseChanges, jobs }: ServiceDeps) {
  /** Re-read after a write, so every answer has the same shape and fresh counts. */
  async function read(courseId: string, view: 'teacher' | 'student'): Promise<CourseRecord> {
    const course = await selectCourse(db, courseId, view);
    if (!course) throw notFound('Course');
    return course;
  }

  return {
    /** Teachers list their own courses; students their enrolled or their joinable ones. */
    async list(actor: Actor, scope?: CourseScope) {
      if (actor.role === 'teacher') {
        if (scope && scope !== 'mine') throw badRequest(`Scope "${scope}" is for students.`);
        return listTeacherCourses(db, actor.id);
      }
      if (scope === 'mine') throw badRequest('Scope "mine" is for teachers.');
      return listStudentCourses(db, actor.id, scope === 'available' ? 'available' : 'enrolled');
    },

    async get(actor: Actor, courseId: string) {
      const { relation } = await loadVisibleCourse(db, actor, courseId);
      return read(courseId, relation === 'owner' ? 'teacher' : 'student');
    },

    /**
     * A new course owned by the teacher. `options.id` fixes its id where something outside the
     * database must name it (the demo's voice course); no route passes one.
     */
    async create(
      actor: Actor,
      input: z.output<typeof courseInputSchema>,
      options: { id?: string } = {},
    ) {
      requireRole(actor, 'teacher');
      const now = clock();
      const [created] = await db
        .insert(courses)
        .values({
          ...(options.id && { id: options.id }),
          title: input.title,
          description: input.description ?? null,
          teacher_id: actor.id,
          created_at: now,
          updated_at: now,
        })
        .returning({ id: courses.id });
      if (!created) throw new Error('course was not inserted');
      return read(created.id, 'teacher');
    },

    async update(actor: Actor, courseId: string, input: z.output<typeof courseUpdateSchema>) {
      await loadOwnedCourse(db, actor, courseId);
      await db
        .update(courses)
        .set({
          ...(input.title !== undefined && { title: input.title }),
          ...(input.description !== undefined && { description: input.description }),
          updated_at: clock(),
        })
        .where(eq(courses.id, courseId));
      courseChanges.courseChanged(courseId);
      return read(courseId, 'teacher');
    },

    /**
     * Deletes the course and, by cascade, its assignments, submissions and enrolments. Files go
     * after the rows: a failure in between leaves unreferenced files, never a row pointing at
     * a missing file.
     */
    async remove(actor: Actor, courseId: string) {
      await loadOwnedCourse(db, actor, courseId);
      const gone = await db
        .select({ id: assignments.id })
        .from(assignments)
        .where(eq(assignments.course_id, courseId));
      await db.delete(courses).where(eq(courses.id, courseId));
      // Background work for its assignments (Mylo's grading jobs) has nothing left to do.
      for (const { id } of gone) await jobs.cancel({ group: id });
      await storage.removePrefix(courseId).catch((error: unknown) => {
        log.warn({ err: error, courseId }, 'course deleted but some of its files were not removed');
      });
    },
  };
}

export type CourseService = ReturnType<typeof createCourseService>;
