// Extensions (DESIGN §11, docs/decisions/029): one student's own due date for one assignment.
// The course's teacher grants, changes and removes them; students read theirs through their
// assignment reads (extended_due_date). Who the due date holds for is due-dates.ts's business.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ExtensionInput } from '@domain/schemas/extensions';
import { formatDateTime } from '@domain/dates';
import { enrollments, extensions, users } from '../db/schema';
import type { ServiceDeps } from '../deps';
import { AppError, conflict, invalidField, notFound } from '../errors';
import type { Actor } from '../policies/actor';
import { loadOwnedAssignment } from '../policies/assignment.policy';

export const NO_DUE_DATE_MESSAGE =
  'This assignment has no due date, so there is nothing to extend. Set a due date first.';
const notEnrolled = () =>
  new AppError(404, 'NOT_FOUND', 'This student is not enrolled in this course.');

export function createExtensionService({ db, clock, courseChanges }: ServiceDeps) {
  const view = {
    id: extensions.id,
    assignment_id: extensions.assignment_id,
    student: { id: users.id, full_name: users.full_name, email: users.email },
    due_date: extensions.due_date,
    granted_by: extensions.granted_by,
    created_at: extensions.created_at,
    updated_at: extensions.updated_at,
  };

  async function readOne(assignmentId: string, studentId: string) {
    const [row] = await db
      .select(view)
      .from(extensions)
      .innerJoin(users, eq(users.id, extensions.student_id))
      .where(and(eq(extensions.assignment_id, assignmentId), eq(extensions.student_id, studentId)));
    return row;
  }

  return {
    /** The assignment's extensions, by student name (the course's teacher). */
    async list(actor: Actor, assignmentId: string) {
      await loadOwnedAssignment(db, actor, assignmentId);
      return db
        .select(view)
        .from(extensions)
        .innerJoin(users, eq(users.id, extensions.student_id))
        .where(eq(extensions.assignment_id, assignmentId))
        .orderBy(asc(users.full_name), asc(users.id));
    },

    /**
     * Grants or changes a student's extension: the student must be enrolled, and the date
     * after the assignment's due date. One row per (assignment, student), so racing grants
     * leave one.
     */
    async grant(actor: Actor, assignmentId: string, studentId: string, input: ExtensionInput) {
      const { assignment, course } = await loadOwnedAssignment(db, actor, assignmentId);
      const [enrolled] = await db
        .select({ id: enrollments.id })
        .from(enrollments)
        .where(and(eq(enrollments.course_id, course.id), eq(enrollments.student_id, studentId)));
      if (!enrolled) throw notEnrolled();
      if (!assignment.due_date) throw conflict(NO_DUE_DATE_MESSAGE);
      const dueDate = new Date(input.due_date);
      if (dueDate.getTime() <= assignment.due_date.getTime()) {
        throw invalidField(
          'body.due_date',
          `The extended due date must be after the assignment's due date (${formatDateTime(assignment.due_date)}).`,
        );
      }
      const now = clock();
      await db
        .insert(extensions)
        .values({
          assignment_id: assignmentId,
          student_id: studentId,
          due_date: dueDate,
          granted_by: actor.id,
          created_at: now,
          updated_at: now,
        })
        .onConflictDoUpdate({
          target: [extensions.assignment_id, extensions.student_id],
          set: { due_date: sql`excluded.due_date`, granted_by: actor.id, updated_at: now },
        });
      courseChanges.courseChanged(course.id);
      const saved = await readOne(assignmentId, studentId);
      if (!saved) throw new Error('extension was not saved');
      return saved;
    },

    /** Removes a student's extension: the assignment's due date holds for them again. */
    async remove(actor: Actor, assignmentId: string, studentId: string) {
      const { course } = await loadOwnedAssignment(db, actor, assignmentId);
      const removed = await db
        .delete(extensions)
        .where(
          and(eq(extensions.assignment_id, assignmentId), eq(extensions.student_id, studentId)),
        )
        .returning({ id: extensions.id });
      if (removed.length === 0) throw notFound('Extension');
      courseChanges.courseChanged(course.id);
    },
  };
}

export type ExtensionService = ReturnType<typeof createExtensionService>;
