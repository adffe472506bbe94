import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { DUE_DATE_RANGE_MESSAGE } from '@domain/limits';
import {
  isDueDateInRange,
  LATE_PENALTY_CAP_NEEDS_RATE,
  type assignmentInputSchema,
  type assignmentUpdateSchema,
} from '@domain/schemas/assignments';
import { assignments, courses, submissions } from '../db/schema';
import type { ServiceDeps } from '../deps';
import { AppError, conflict, invalidField, notFound } from '../errors';
import { requireRole, type Actor } from '../policies/actor';
import { loadOwnedAssignment, loadReadableAssignment } from '../policies/assignment.policy';
import { loadMemberCourse, loadOwnedCourse } from '../policies/course.policy';
import {
  removeFilesOfRemovedVersions,
  versionFilesOfAssignment,
} from '../submissions/submission-versions';
import {
  enrolledCourseIds,
  inCourses,
  selectStudentAssignments,
  selectTeacherAssignments,
  selectTeacherAssignmentsDue,
} from './assignment-queries';

export const AUTOMATIC_RELEASE_MESSAGE =
  "This assignment's grades are released automatically when you save them. Choose manual release to release them yourself.";

type AssignmentInput = z.output<typeof assignmentInputSchema>;
type AssignmentUpdate = z.output<typeof assignmentUpdateSchema>;

/** A due date as stored; every door (routes, the agent's tools) is held to years 1–9999. */
function toDate(value: string | null | undefined): Date | null | undefined {
  if (value === undefined || value === null) return value;
  if (!isDueDateInRange(value)) throw invalidField('body.due_date', DUE_DATE_RANGE_MESSAGE);
  return new Date(value);
}

export function createAssignmentService(deps: ServiceDeps) {
  const { db, clock, courseChanges, jobs } = deps;
  async function readForTeacher(assignmentId: string) {
    const [assignment] = await selectTeacherAssignments(db, eq(assignments.id, assignmentId));
    if (!assignment) throw notFound('Assignment');
    return assignment;
  }

  return {
    /** The owner sees every assignment; an enrolled student the published ones. */
    async listForCourse(actor: Actor, courseId: string) {
      const { relation } = await loadMemberCourse(
        db,
        actor,
        courseId,
        'Enrol in this course to see its assignments.',
      );
      if (relation === 'owner') {
        return selectTeacherAssignments(db, eq(assignments.course_id, courseId));
      }
      return selectStudentAssignments(db, eq(assignments.course_id, courseId), actor.id, clock());
    },

    /** Every assignment of every course the teacher owns, newest first (one statement). */
    async listOwned(actor: Actor) {
      requireRole(actor, 'teacher');
      return selectTeacherAssignments(db, eq(courses.teacher_id, actor.id));
    },

    /** The teacher's assignments due in [from, to), soonest first; optionally in one course. */
    async listDueBetween(actor: Actor, window: { from: Date; to: Date; courseId?: string }) {
      requireRole(actor, 'teacher');
      if (window.courseId) await loadOwnedCourse(db, actor, window.courseId);
      return selectTeacherAssignmentsDue(
        db,
        and(
          eq(courses.teacher_id, actor.id),
          window.courseId ? eq(assignments.course_id, window.courseId) : undefined,
        ) as SQL,
        window.from,
        window.to,
      );
    },

    /** A student's published assignments across enrolled courses, soonest due first. */
    async listMine(actor: Actor) {
      requireRole(actor, 'student');
      return selectStudentAssignments(
        db,
        inCourses(enrolledCourseIds(db, actor.id)),
        actor.id,
        clock(),
      );
    },

    async get(actor: Actor, assignmentId: string) {
      const now = clock();
      const { relation } = await loadReadableAssignment(db, actor, assignmentId, now);
      if (relation === 'owner') return readForTeacher(assignmentId);
      const [assignment] = await selectStudentAssignments(
        db,
        eq(assignments.id, assignmentId),
        actor.id,
        now,
      );
      if (!assignment) throw notFound('Assignment');
      return assignment;
    },

    async create(actor: Actor, courseId: string, input: AssignmentInput) {
      await loadOwnedCourse(db, actor, courseId);
      checkLatePenalty(input.late_penalty_percent_per_day, input.late_penalty_cap_percent);
      const now = clock();
      const [created] = await db
        .insert(assignments)
        .values({
          created_at: now,
          updated_at: now,
          course_id: courseId,
          title: input.title,
          description: input.description ?? null,
          due_date: toDate(input.due_date) ?? null,
          total_points: input.total_points,
          status: input.status,
          rubric_markdown: input.rubric_markdown ?? null,
          grade_release: input.grade_release,
          accepts_regrade_requests: input.accepts_regrade_requests,
          late_penalty_percent_per_day: input.late_penalty_percent_per_day ?? null,
          late_penalty_cap_percent: input.late_penalty_cap_percent ?? null,
        })
        .returning({ id: assignments.id });
      if (!created) throw new Error('assignment was not inserted');
      courseChanges.courseChanged(courseId);
      return readForTeacher(created.id);
    },

    /** Only the fields present change; null clears an optional one. */
    async update(actor: Actor, assignmentId: string, input: AssignmentUpdate) {
      const { assignment, course } = await loadOwnedAssignment(db, actor, assignmentId);
      checkLatePenalty(
        input.late_penalty_percent_per_day === undefined
          ? assignment.late_penalty_percent_per_day
          : input.late_penalty_percent_per_day,
        input.late_penalty_cap_percent === undefined
          ? assignment.late_penalty_cap_percent
          : input.late_penalty_cap_percent,
      );
      const changes = Object.fromEntries(
        Object.entries({
          title: input.title,
          description: input.description,
          due_date: toDate(input.due_date),
          total_points: input.total_points,
          status: input.status,
          rubric_markdown: input.rubric_markdown,
          grade_release: input.grade_release,
          accepts_regrade_requests: input.accepts_regrade_requests,
          late_penalty_percent_per_day: input.late_penalty_percent_per_day,
          late_penalty_cap_percent: input.late_penalty_cap_percent,
        }).filter(([, value]) => value !== undefined),
      );
      // Turning automatic release into manual keeps what students already see: the grades
      // saved so far count as released now; later ones wait for 'Release grades'.
      const releaseChanges =
        input.grade_release === 'manual'
          ? {
              grades_released_at: sql`case when ${assignments.grade_release} = 'automatic' then ${clock().toISOString()}::timestamptz else ${assignments.grades_released_at} end`,
            }
          : {};
      await db.transaction(async (tx) => {
        if (input.total_points !== undefined) {
          // Locked, so a grade saved meanwhile is checked against the total this change leaves.
          await tx
            .select({ id: assignments.id })
            .from(assignments)
            .where(eq(assignments.id, assignmentId))
            .for('update');
          const [above] = await tx
            .select({
              count: sql<number>`count(*)::int`,
              highest: sql<number | null>`max(${submissions.grade})`,
            })
            .from(submissions)
            .where(
              and(
                eq(submissions.assignment_id, assignmentId),
                gt(submissions.grade, input.total_points),
              ),
            );
          if (above && above.count > 0) {
            throw gradesAboveTotal(above.count, input.total_points, above.highest ?? 0);
          }
        }
        await tx
          .update(assignments)
          .set({ ...changes, ...releaseChanges, updated_at: clock() })
          .where(eq(assignments.id, assignmentId));
      });
      courseChanges.courseChanged(course.id);
      return readForTeacher(assignmentId);
    },

    /**
     * Manual release: releases every grade saved so far (true), or hides them all again
     * (false). Under automatic release grades are released as they are saved (409).
     */
    async setGradesReleased(actor: Actor, assignmentId: string, released: boolean) {
      const { assignment } = await loadOwnedAssignment(db, actor, assignmentId);
      if (assignment.grade_release !== 'manual') throw conflict(AUTOMATIC_RELEASE_MESSAGE);
      const now = clock();
      await db
        .update(assignments)
        .set({ grades_released_at: released ? now : null, updated_at: now })
        .where(and(eq(assignments.id, assignmentId), eq(assignments.grade_release, 'manual')));
      return readForTeacher(assignmentId);
    },

    /**
     * Deletes the assignment and its submissions; their files (every kept version's) go once
     * the rows are gone, unless another submission still names one (one upload may be handed
     * in for two assignments of a course).
     */
    async remove(actor: Actor, assignmentId: string) {
      const { course } = await loadOwnedAssignment(db, actor, assignmentId);
      const files = await versionFilesOfAssignment(db, assignmentId);
      await db.delete(assignments).where(eq(assignments.id, assignmentId));
      // Background work for it (Mylo's grading jobs) has nothing left to do.
      await jobs.cancel({ group: assignmentId });
      courseChanges.courseChanged(course.id);
      await removeFilesOfRemovedVersions(deps, files);
    },
  };
}

/** A cap without a per-day rate deducts nothing: refused, so the form says what is missing. */
function checkLatePenalty(perDay: number | null | undefined, cap: number | null | undefined) {
  if (cap !== null && cap !== undefined && (perDay === null || perDay === undefined)) {
    throw invalidField('body.late_penalty_cap_percent', LATE_PENALTY_CAP_NEEDS_RATE);
  }
}

/** A lower total would leave saved grades above it (900 / 10 on a student's page). */
function gradesAboveTotal(count: number, total: number, highest: number) {
  const grades = count === 1 ? '1 grade is' : `${count} grades are`;
  return new AppError(
    409,
    'CONFLICT',
    `${grades} above the new total of ${total} points. Change ${count === 1 ? 'that grade' : 'those grades'} first, or keep the total at ${highest} or more.`,
    { grades_above_total: count, highest_grade: highest },
  );
}

export type AssignmentService = ReturnType<typeof createAssignmentService>;
