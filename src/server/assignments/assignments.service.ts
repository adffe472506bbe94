import { eq, isNotNull, and } from 'drizzle-orm';
import type { z } from 'zod';
import type { assignmentInputSchema, assignmentUpdateSchema } from '@domain/schemas/assignments';
import { assignments, submissions } from '../db/schema';
import type { ServiceDeps } from '../deps';
import { forbidden, notFound } from '../errors';
import type { Actor } from '../plugins/auth';
import {
  loadOwnedAssignment,
  loadOwnedCourse,
  loadReadableAssignment,
  loadVisibleCourse,
} from '../courses/course-access';
import {
  enrolledCourseIds,
  inCourses,
  selectStudentAssignments,
  selectTeacherAssignments,
} from './assignment-queries';

type AssignmentInput = z.output<typeof assignmentInputSchema>;
type AssignmentUpdate = z.output<typeof assignmentUpdateSchema>;

const toDate = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

export function createAssignmentService({ db, storage, log, voice }: ServiceDeps) {
  async function readForTeacher(assignmentId: string) {
    const [assignment] = await selectTeacherAssignments(db, eq(assignments.id, assignmentId));
    if (!assignment) throw notFound('Assignment');
    return assignment;
  }

  return {
    /** The owner sees every assignment; an enrolled student the published ones. */
    async listForCourse(actor: Actor, courseId: string) {
      const { relation } = await loadVisibleCourse(db, actor, courseId);
      if (relation === 'owner') {
        return selectTeacherAssignments(db, eq(assignments.course_id, courseId));
      }
      if (relation !== 'enrolled') throw forbidden('Enrol in this course to see its assignments.');
      return selectStudentAssignments(db, eq(assignments.course_id, courseId));
    },

    /** A student's published assignments across enrolled courses, soonest due first. */
    async listMine(actor: Actor) {
      return selectStudentAssignments(db, inCourses(enrolledCourseIds(db, actor.id)));
    },

    async get(actor: Actor, assignmentId: string) {
      const { relation } = await loadReadableAssignment(db, actor, assignmentId);
      if (relation === 'owner') return readForTeacher(assignmentId);
      const [assignment] = await selectStudentAssignments(db, eq(assignments.id, assignmentId));
      if (!assignment) throw notFound('Assignment');
      return assignment;
    },

    async create(actor: Actor, courseId: string, input: AssignmentInput) {
      await loadOwnedCourse(db, actor, courseId);
      const [created] = await db
        .insert(assignments)
        .values({
          course_id: courseId,
          title: input.title,
          description: input.description ?? null,
          due_date: toDate(input.due_date) ?? null,
          total_points: input.total_points,
          status: input.status,
          rubric_markdown: input.rubric_markdown ?? null,
        })
        .returning({ id: assignments.id });
      if (!created) throw new Error('assignment was not inserted');
      voice?.courseChanged(courseId);
      return readForTeacher(created.id);
    },

    /** Only the fields present change; null clears an optional one. */
    async update(actor: Actor, assignmentId: string, input: AssignmentUpdate) {
      const { course } = await loadOwnedAssignment(db, actor, assignmentId);
      const changes = Object.fromEntries(
        Object.entries({
          title: input.title,
          description: input.description,
          due_date: toDate(input.due_date),
          total_points: input.total_points,
          status: input.status,
          rubric_markdown: input.rubric_markdown,
        }).filter(([, value]) => value !== undefined),
      );
      await db
        .update(assignments)
        .set({ ...changes, updated_at: new Date() })
        .where(eq(assignments.id, assignmentId));
      voice?.courseChanged(course.id);
      return readForTeacher(assignmentId);
    },

    /** Deletes the assignment and its submissions; their files go once the rows are gone. */
    async remove(actor: Actor, assignmentId: string) {
      const { course } = await loadOwnedAssignment(db, actor, assignmentId);
      const files = await db
        .select({ path: submissions.file_path })
        .from(submissions)
        .where(and(eq(submissions.assignment_id, assignmentId), isNotNull(submissions.file_path)));
      await db.delete(assignments).where(eq(assignments.id, assignmentId));
      voice?.courseChanged(course.id);
      for (const { path } of files) {
        if (!path) continue;
        await storage.remove(path).catch((error: unknown) => {
          log.warn({ err: error, path }, 'assignment deleted but a file was not removed');
        });
      }
    },
  };
}

export type AssignmentService = ReturnType<typeof createAssignmentService>;
