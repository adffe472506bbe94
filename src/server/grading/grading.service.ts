// Grading by hand and with Mylo. A suggestion from an engine is never saved here: the teacher
// reviews it and submits the grade, which is the only write (SPEC §4 auto-grade flow).
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { gradeErrorMessage, isValidGrade } from '@domain/grading';
import { MAX_UPLOAD_BYTES } from '@domain/limits';
import type { autoGradeInputSchema, gradeInputSchema } from '@domain/schemas/submissions';
import { submissions } from '../db/schema';
import type { ServiceDeps } from '../deps';
import { AppError, badRequest, conflict, forbidden, notFound } from '../errors';
import type { Actor } from '../plugins/auth';
import { loadOwnedAssignment } from '../courses/course-access';
import { GradingError, type GradingEngine } from '../ai/grading-engine';
import { loadSubmissionView } from '../submissions/submission-view';

type GradeInput = z.output<typeof gradeInputSchema>;
type AutoGradeInput = z.output<typeof autoGradeInputSchema>;

export function createGradingService({ db, storage }: ServiceDeps) {
  /** Only the course's teacher grades; its student is refused (403), everyone else sees nothing. */
  async function loadGradable(actor: Actor, submissionId: string) {
    const view = await loadSubmissionView(db, submissionId);
    if (!view) throw notFound('Submission');
    if (actor.role === 'student') {
      if (view.student_id === actor.id) throw forbidden('Only the course teacher can grade.');
      throw notFound('Submission');
    }
    try {
      const { assignment } = await loadOwnedAssignment(db, actor, view.assignment_id);
      return { view, assignment };
    } catch (error) {
      if (error instanceof AppError) throw notFound('Submission');
      throw error;
    }
  }

  async function readPdf(path: string): Promise<Uint8Array | undefined> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of storage.createReadStream(path)) {
      size += (chunk as Buffer).length;
      if (size > MAX_UPLOAD_BYTES) return undefined;
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }

  return {
    async grade(actor: Actor, submissionId: string, input: GradeInput) {
      const { view } = await loadGradable(actor, submissionId);
      const total = view.assignment.total_points;
      if (!isValidGrade(input.grade, total)) {
        throw new AppError(400, 'VALIDATION_ERROR', gradeErrorMessage(total), [
          { path: 'body.grade', message: gradeErrorMessage(total) },
        ]);
      }
      if (!view.submitted_at) throw conflict('This submission has not been handed in yet.');
      const now = new Date();
      await db
        .update(submissions)
        .set({
          grade: input.grade,
          feedback: input.feedback ?? null,
          show_detailed_feedback: input.show_detailed_feedback,
          detailed_feedback_json: input.detailed_feedback_json ?? null,
          status: 'graded',
          graded_at: now,
          updated_at: now,
        })
        .where(eq(submissions.id, submissionId));
      const graded = await loadSubmissionView(db, submissionId);
      if (!graded) throw notFound('Submission');
      return graded;
    },

    /** Asks an engine for a suggested grade; saves nothing. */
    async autoGrade(actor: Actor, input: AutoGradeInput, engine: GradingEngine) {
      const { view, assignment } = await loadGradable(actor, input.submission_id);
      if (
        view.assignment_id !== input.assignment_id ||
        view.assignment.course_id !== input.course_id
      ) {
        throw badRequest('The submission does not belong to that assignment and course.');
      }
      if (!view.file_path) throw conflict('This submission has no file to grade.');
      try {
        const result = await engine.grade({
          assignment: {
            title: assignment.title,
            description: assignment.description,
            rubricMarkdown: assignment.rubric_markdown,
            totalPoints: assignment.total_points,
          },
          submission: {
            text: view.content ?? '',
            pdf: await readPdf(view.file_path),
            filename: view.original_filename ?? undefined,
          },
        });
        return {
          success: true as const,
          grade: result.grade,
          feedback: result.feedback.overall,
          detailed_result: result,
        };
      } catch (error) {
        if (error instanceof GradingError) {
          throw new AppError(422, 'AUTO_GRADE_FAILED', error.message);
        }
        throw error;
      }
    },
  };
}
