// Handing in an uploaded PDF, and reading submissions (DESIGN §6–7). Submitting writes with
// one upsert on UNIQUE (assignment_id, student_id), so racing submits leave one row; the file
// a resubmission replaces is removed only once the new row is committed.
import { buffer } from 'node:stream/consumers';
import { and, eq, sql } from 'drizzle-orm';
import type { SubmitInput } from '@domain/schemas/submissions';
import { submissions } from '../db/schema';
import type { ServiceDeps } from '../deps';
import { notFound, unprocessable } from '../errors';
import type { Actor } from '../plugins/auth';
import { loadOwnedAssignment } from '../courses/course-access';
import { removeIfUnreferenced } from '../files/orphan-uploads';
import { extractPdfText, UnreadablePdfError } from '../files/pdf-text';
import { parseKey } from '../files/storage';
import { loadSubmissionView, selectSubmissionViews, type SubmissionView } from './submission-view';
import { assertMayReadSubmission, loadSubmittableAssignment } from './submissions.policy';

const NOT_YOUR_UPLOAD =
  'This file is not one of your uploads for this course. Please upload it again.';
const SIZE_MISMATCH = 'The file size does not match the uploaded file. Please upload it again.';

export function createSubmissionService(deps: ServiceDeps) {
  const { db, storage } = deps;

  /** The text of the caller's own stored upload; refuses anything else without revealing it. */
  async function readOwnUpload(actor: Actor, courseId: string, input: SubmitInput) {
    const key = parseKey(input.file_path);
    if (!key || key.courseId !== courseId || key.studentId !== actor.id) {
      throw unprocessable(NOT_YOUR_UPLOAD);
    }
    const info = await storage.stat(input.file_path);
    if (!info) throw unprocessable(NOT_YOUR_UPLOAD);
    if (info.size !== input.file_size) throw unprocessable(SIZE_MISMATCH);
    const bytes = await buffer(storage.createReadStream(input.file_path));
    if (bytes.length !== input.file_size) throw unprocessable(SIZE_MISMATCH);
    try {
      return await extractPdfText(bytes);
    } catch (error) {
      if (!(error instanceof UnreadablePdfError)) throw error;
      // The upload can never be submitted; keep nothing of it unless a row still uses it.
      await removeIfUnreferenced(deps, input.file_path);
      throw unprocessable(error.message, { reason: error.reason });
    }
  }

  async function requireView(id: string): Promise<SubmissionView> {
    const view = await loadSubmissionView(db, id);
    if (!view) throw notFound('Submission');
    return view;
  }

  return {
    /**
     * Submits or resubmits. A resubmission replaces the file and starts over: status
     * 'submitted', submitted now, and any grade and feedback cleared, since the new work
     * has not been graded.
     */
    async submit(actor: Actor, assignmentId: string, input: SubmitInput) {
      const { assignment, course } = await loadSubmittableAssignment(db, actor, assignmentId);
      const content = await readOwnUpload(actor, course.id, input);
      const now = sql`now()`;

      const saved = await db.transaction(async (tx) => {
        // Locking the current row makes a racing resubmit wait, then see the file this one
        // replaced, so each replaced file is removed once. (Two racing *first* submits both
        // see no row; the loser's file is then left for sweepOrphanUploads.)
        const [previous] = await tx
          .select({ file_path: submissions.file_path })
          .from(submissions)
          .where(
            and(eq(submissions.assignment_id, assignment.id), eq(submissions.student_id, actor.id)),
          )
          .for('update');
        const [row] = await tx
          .insert(submissions)
          .values({
            assignment_id: assignment.id,
            student_id: actor.id,
            status: 'submitted',
            submitted_at: now,
            file_path: input.file_path,
            file_size: input.file_size,
            original_filename: input.original_filename.trim(),
            content: content || null,
          })
          .onConflictDoUpdate({
            target: [submissions.assignment_id, submissions.student_id],
            set: {
              status: 'submitted',
              submitted_at: now,
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
              updated_at: now,
            },
          })
          .returning({ id: submissions.id });
        if (!row) throw new Error('the submission upsert returned no row');
        return { id: row.id, previousFilePath: previous?.file_path ?? null };
      });
      deps.voice?.courseChanged(course.id);

      if (saved.previousFilePath && saved.previousFilePath !== input.file_path) {
        await removeIfUnreferenced(deps, saved.previousFilePath);
      }
      return requireView(saved.id);
    },

    /** The caller's own submission for an assignment. */
    async getMine(actor: Actor, assignmentId: string) {
      const [view] = await selectSubmissionViews(
        db,
        and(eq(submissions.assignment_id, assignmentId), eq(submissions.student_id, actor.id)),
        { withContent: true },
      );
      if (!view) throw notFound('Submission');
      return view;
    },

    /** The caller's own submissions, newest first. */
    async listMine(actor: Actor) {
      return selectSubmissionViews(db, eq(submissions.student_id, actor.id));
    },

    /** Every submission for an assignment, for the teacher who owns its course. */
    async listForAssignment(actor: Actor, assignmentId: string) {
      await loadOwnedAssignment(db, actor, assignmentId);
      return selectSubmissionViews(db, eq(submissions.assignment_id, assignmentId));
    },

    async get(actor: Actor, submissionId: string) {
      const view = await requireView(submissionId);
      await assertMayReadSubmission(db, actor, view);
      return view;
    },
  };
}

export type SubmissionService = ReturnType<typeof createSubmissionService>;
