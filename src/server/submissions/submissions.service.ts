// Handing in an uploaded PDF, and reading submissions (DESIGN §6–7). Submitting writes with
// one upsert on UNIQUE (assignment_id, student_id), so racing submits leave one row; each
// hand-in is a version (submission-versions.ts), and the files of versions past the limit are
// removed only once the new row is committed. A hand-in is timed when its request arrived, not
// when its turn came (decision 043): SPEC §4's "late" compares that time with the due date.
import { and, asc, eq, sql } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES } from '@domain/limits';
import type { SubmitInput } from '@domain/schemas/submissions';
import type { Database } from '../db/connect';
import { preparedFor, runIn } from '../db/prepared';
import { assignments, courses, enrollments, submissions, users } from '../db/schema';
import type { ServiceDeps } from '../deps';
import { notFound, unprocessable } from '../errors';
import { removeIfUnreferenced } from '../files/orphan-uploads';
import { UnreadablePdfError } from '../pdf/pdf-errors';
import { requireRole, type Actor } from '../policies/actor';
import { loadOwnedAssignment, loadSubmittableAssignment } from '../policies/assignment.policy';
import { loadOwnedCourse } from '../policies/course.policy';
import { loadReadableSubmission } from '../policies/submission.policy';
import { FileNotFoundError } from '../storage/file-storage';
import { parseKey } from '../storage/storage-keys';
import { selectGradeStatistics, selectLateSubmissions, selectRoster } from './class-statistics';
import { countWhere, isGraded, isHandedIn, isLate, isUngraded } from './grading-states';
import { forStudent } from './student-view';
import {
  knownContentOf,
  recordVersion,
  removeFilesOfRemovedVersions,
  type VersionFile,
} from './submission-versions';
import { loadSubmissionView, selectSubmissionViews, type SubmissionView } from './submission-view';

const NOT_YOUR_UPLOAD =
  'This file is not one of your uploads for this course. Please upload it again.';
const SIZE_MISMATCH = 'The file size does not match the uploaded file. Please upload it again.';

/**
 * Hands in a file: the row is written whole, or, when the student handed in before, starts
 * over (status 'submitted', submitted at the hand-in's time, the new file, any grade and
 * feedback cleared, since the new work has not been graded). A hand-in that arrived before the
 * one the row already holds changes nothing and returns no row: of two racing hand-ins of one
 * student the later one stays. Built once per database (runIn, decision 041).
 */
const handInUpsert = (db: Database) =>
  preparedFor(db, 'hand_in_upsert', () =>
    db
      .insert(submissions)
      .values({
        assignment_id: sql.placeholder('assignmentId'),
        student_id: sql.placeholder('studentId'),
        status: 'submitted',
        submitted_at: sql.placeholder('submittedAt'),
        file_path: sql.placeholder('filePath'),
        file_size: sql.placeholder('fileSize'),
        original_filename: sql.placeholder('originalFilename'),
        content: sql.placeholder('content'),
        created_at: sql.placeholder('now'),
        updated_at: sql.placeholder('now'),
      })
      .onConflictDoUpdate({
        target: [submissions.assignment_id, submissions.student_id],
        set: {
          status: 'submitted',
          submitted_at: sql`excluded.submitted_at`,
          file_path: sql`excluded.file_path`,
          file_size: sql`excluded.file_size`,
          original_filename: sql`excluded.original_filename`,
          content: sql`excluded.content`,
          file_url: null,
          grade: null,
          graded_at: null,
          feedback: null,
          show_detailed_feedback: false,
          detailed_feedback_json: null,
          // The last grade's rubric points and the suggestion it started from describe the
          // file that was replaced: the teacher's form must not offer them for the new one.
          rubric_scores: null,
          graded_from_suggestion_id: null,
          graded_version_id: null,
          updated_at: sql`excluded.updated_at`,
        },
        setWhere: sql`${submissions.submitted_at} is null or ${submissions.submitted_at} <= excluded.submitted_at`,
      })
      .returning({ id: submissions.id }),
  );

export function createSubmissionService(deps: ServiceDeps) {
  const { db, storage, clock } = deps;

  /** The text of the caller's own stored upload; refuses anything else without revealing it. */
  async function readOwnUpload(actor: Actor, courseId: string, input: SubmitInput) {
    const key = parseKey(input.file_path);
    if (!key || key.courseId !== courseId || key.studentId !== actor.id) {
      throw unprocessable(NOT_YOUR_UPLOAD);
    }
    // Text is extracted once per stored file: submitting the same upload again reuses it, once
    // the file is known to be still there with its size.
    const known = await knownContentOf(db, input.file_path);
    if (known) {
      const info = await storage.stat(input.file_path);
      if (!info) throw unprocessable(NOT_YOUR_UPLOAD);
      if (info.size !== input.file_size) throw unprocessable(SIZE_MISMATCH);
      return known.content ?? '';
    }
    // A new file is read whole at once, which checks both (no stat before it: one trip less
    // through the storage for every first hand-in). The size comes from the request, and no
    // upload is larger than this: a buffer is never made for more.
    if (input.file_size > MAX_UPLOAD_BYTES) throw unprocessable(SIZE_MISMATCH);
    const bytes = await storage
      .readWhole(input.file_path, input.file_size)
      .catch((error: unknown) => {
        throw error instanceof FileNotFoundError ? unprocessable(NOT_YOUR_UPLOAD) : error;
      });
    if (!bytes) throw unprocessable(SIZE_MISMATCH);
    try {
      return await deps.extractPdfText(bytes);
    } catch (error) {
      if (!(error instanceof UnreadablePdfError)) throw error;
      // The upload can never be submitted; keep nothing of it unless a row still uses it.
      await removeIfUnreferenced(deps, input.file_path);
      throw unprocessable(error.message, { reason: error.reason });
    }
  }

  async function getMine(actor: Actor, assignmentId: string) {
    requireRole(actor, 'student');
    const [view] = await selectSubmissionViews(
      db,
      and(eq(submissions.assignment_id, assignmentId), eq(submissions.student_id, actor.id)),
      { withContent: true },
    );
    if (!view) throw notFound('Submission');
    return forStudent(view);
  }

  async function requireView(id: string): Promise<SubmissionView> {
    const view = await loadSubmissionView(db, id);
    if (!view) throw notFound('Submission');
    return view;
  }

  return {
    /**
     * Submits or resubmits. A resubmission adds a version (the earlier ones are kept, up to
     * the limit) and starts over: status 'submitted', submitted at `handedInAt`, and any grade
     * and feedback cleared, since the new work has not been graded. `handedInAt` is when the
     * student's request arrived (the route passes it): waiting for a turn in a rush, or for the
     * PDF's text, never makes work late.
     */
    async submit(actor: Actor, assignmentId: string, input: SubmitInput, handedInAt = clock()) {
      requireRole(actor, 'student');
      const { assignment, course } = await loadSubmittableAssignment(
        db,
        actor,
        assignmentId,
        handedInAt,
      );
      const content = await readOwnUpload(actor, course.id, input);
      const version: VersionFile = {
        filePath: input.file_path,
        fileSize: input.file_size,
        originalFilename: input.original_filename.trim(),
        content: content || null,
        submittedAt: handedInAt,
      };

      const saved = await db.transaction(async (tx) => {
        // The upsert locks the row: a racing resubmit waits, then numbers its version after
        // this one.
        const [row] = await runIn(tx, handInUpsert(db)).execute({
          assignmentId: assignment.id,
          studentId: actor.id,
          submittedAt: handedInAt,
          now: clock(),
          filePath: version.filePath,
          fileSize: version.fileSize,
          originalFilename: version.originalFilename,
          content: version.content,
        });
        // A later hand-in of this student's is already in place: this one is superseded.
        if (!row) return null;
        const { removedPaths } = await recordVersion(
          db,
          tx,
          row.id,
          version,
          deps.config.submissionVersionLimit,
        );
        return { id: row.id, removedPaths };
      });
      // Its upload stays like any upload not handed in: the student may hand it in again, and
      // the daily sweep removes it otherwise (removing it here could race a hand-in of the
      // same file to another assignment).
      if (!saved) return getMine(actor, assignment.id);
      deps.courseChanges.courseChanged(course.id);

      await removeFilesOfRemovedVersions(deps, saved.removedPaths);
      return forStudent(await requireView(saved.id));
    },

    /** The caller's own submission for an assignment. */
    getMine,

    /** The caller's own submissions, newest first (optionally in one course). */
    async listMine(actor: Actor, options: { courseId?: string } = {}) {
      requireRole(actor, 'student');
      const views = await selectSubmissionViews(
        db,
        and(
          eq(submissions.student_id, actor.id),
          options.courseId ? eq(assignments.course_id, options.courseId) : undefined,
        ),
      );
      return views.map(forStudent);
    },

    /** Every submission for an assignment, for the teacher who owns its course. */
    async listForAssignment(actor: Actor, assignmentId: string) {
      await loadOwnedAssignment(db, actor, assignmentId);
      return selectSubmissionViews(db, eq(submissions.assignment_id, assignmentId));
    },

    /** One submission: whole for the course's teacher, the student view for its student. */
    async get(actor: Actor, submissionId: string) {
      const { reader } = await loadReadableSubmission(db, actor, submissionId);
      const view = await requireView(submissionId);
      return reader === 'student' ? forStudent(view) : view;
    },

    /** How an assignment's class stands, in one statement (the course's teacher). */
    async countForAssignment(actor: Actor, assignmentId: string) {
      const { assignment } = await loadOwnedAssignment(db, actor, assignmentId);
      const handedInBy = db
        .select({ id: submissions.student_id })
        .from(submissions)
        .where(and(eq(submissions.assignment_id, assignment.id), isHandedIn));
      const [counts] = await db
        .select({
          submitted: countWhere(isHandedIn),
          graded: countWhere(isGraded),
          ungraded: countWhere(isUngraded),
          late: countWhere(isLate),
          enrolled: sql<number>`(select count(*)::int from ${enrollments} where ${enrollments.course_id} = ${assignment.course_id})`,
          not_submitted: sql<number>`(select count(*)::int from ${enrollments} where ${enrollments.course_id} = ${assignment.course_id} and ${enrollments.student_id} not in (${handedInBy}))`,
        })
        .from(assignments)
        .leftJoin(submissions, eq(submissions.assignment_id, assignments.id))
        .where(eq(assignments.id, assignment.id));
      if (!counts) throw notFound('Assignment');
      return counts;
    },

    /** Handed-in work without a grade across the teacher's courses (or one), oldest first. */
    async listUngraded(actor: Actor, options: { courseId?: string } = {}) {
      requireRole(actor, 'teacher');
      if (options.courseId) await loadOwnedCourse(db, actor, options.courseId);
      return db
        .select({
          id: submissions.id,
          submitted_at: submissions.submitted_at,
          student: { id: users.id, full_name: users.full_name },
          assignment: { id: assignments.id, title: assignments.title },
          course: { id: courses.id, title: courses.title },
        })
        .from(submissions)
        .innerJoin(assignments, eq(assignments.id, submissions.assignment_id))
        .innerJoin(courses, eq(courses.id, assignments.course_id))
        .innerJoin(users, eq(users.id, submissions.student_id))
        .where(
          and(
            eq(courses.teacher_id, actor.id),
            options.courseId ? eq(courses.id, options.courseId) : undefined,
            isUngraded,
          ),
        )
        .orderBy(asc(submissions.submitted_at), asc(submissions.id));
    },

    /**
     * Where each student of the course stands on an assignment (handed in, graded, ungraded,
     * late, or missing), sorted by name (the course's teacher).
     */
    async rosterForAssignment(actor: Actor, assignmentId: string) {
      const { assignment } = await loadOwnedAssignment(db, actor, assignmentId);
      return selectRoster(db, assignment);
    },

    /** Average, median, lowest, highest and spread of the grades given (the course's teacher). */
    async gradeStatistics(actor: Actor, assignmentId: string) {
      const { assignment } = await loadOwnedAssignment(db, actor, assignmentId);
      const statistics = await selectGradeStatistics(db, assignment.id);
      return { ...statistics, total_points: assignment.total_points };
    },

    /** Work handed in after its due date, across the teacher's courses or in one course or assignment. */
    async listLate(actor: Actor, scope: { courseId?: string; assignmentId?: string } = {}) {
      requireRole(actor, 'teacher');
      if (scope.courseId) await loadOwnedCourse(db, actor, scope.courseId);
      if (scope.assignmentId) await loadOwnedAssignment(db, actor, scope.assignmentId);
      return selectLateSubmissions(db, actor.id, scope);
    },
  };
}

export type SubmissionService = ReturnType<typeof createSubmissionService>;
