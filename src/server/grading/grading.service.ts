// Grading by hand and with Mylo. An engine's answer is stored as a suggestion (DESIGN §11),
// never as a grade: the teacher reviews it and saves the grade, which may say which
// suggestion it started from and carry the teacher's points per rubric criterion.
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { gradeErrorMessage, isValidGrade, percentageOf } from '@domain/grading';
import { AUTO_GRADING, MAX_UPLOAD_BYTES } from '@domain/limits';
import { parseRubric } from '@domain/rubric';
import { rubricRowsOf, rubricScoresProblem } from '@domain/rubric-scores';
import type { RubricScore } from '@domain/schemas/rubric-scores';
import type {
  autoGradeInputSchema,
  DetailedResult,
  gradeInputSchema,
} from '@domain/schemas/submissions';
import type { EngineId } from '../ai/engine-id';
import { GradingError } from '../ai/grading-engine';
import type { Transaction } from '../db/prepared';
import { assignments, submissions } from '../db/schema';
import type { ServiceDeps } from '../deps';
import { AppError, badRequest, conflict, notFound } from '../errors';
import type { Actor } from '../policies/actor';
import { hiddenAsNotFound } from '../policies/hidden-as-not-found';
import { loadGradableSubmission } from '../policies/submission.policy';
import { loadSubmissionView } from '../submissions/submission-view';
import { dismissSuggestion, loadSuggestion, storeSuggestion, suggestionsFor } from './suggestions';

type GradeInput = z.output<typeof gradeInputSchema>;

export interface GradeOptions {
  /**
   * More writes that belong with this grade, run in its transaction after the grade is saved;
   * a throw undoes the grade too (a regrade answer, docs/decisions/028).
   */
  alongside?: (tx: Transaction) => Promise<void>;
}
type AutoGradeInput = z.output<typeof autoGradeInputSchema>;

/** Work too big to grade automatically, said plainly (DESIGN §13: bounded per-request work). */
function beyondAutoGrading(
  assignment: { rubric_markdown: string | null; total_points: number; description: string | null },
  text: string,
): string | null {
  const criteria = parseRubric(
    assignment.rubric_markdown,
    assignment.total_points,
    assignment.description,
  ).criteria.length;
  if (criteria > AUTO_GRADING.maxCriteria) {
    return `The rubric has ${criteria} criteria; Mylo grades with at most ${AUTO_GRADING.maxCriteria}.`;
  }
  if (text.length > AUTO_GRADING.maxTextChars) {
    return `The submission is longer than ${AUTO_GRADING.maxTextChars.toLocaleString('en-US')} characters, too long to grade automatically.`;
  }
  return null;
}

const validationError = (path: string, message: string) =>
  new AppError(400, 'VALIDATION_ERROR', message, [{ path, message }]);

export function createGradingService({ db, storage, clock, engines }: ServiceDeps) {
  async function loadGradable(actor: Actor, submissionId: string) {
    const { assignment } = await loadGradableSubmission(db, actor, submissionId);
    const view = await loadSubmissionView(db, submissionId);
    if (!view) throw notFound('Submission');
    return { view, assignment };
  }

  /** The stored PDF for engines that read files themselves; none past the upload limit. */
  async function readPdf(path: string): Promise<Uint8Array | undefined> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of await storage.read(path)) {
      size += (chunk as Buffer).length;
      if (size > MAX_UPLOAD_BYTES) return undefined;
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }

  /** The analysis as saved: the teacher's grade and, per criterion, the teacher's points. */
  function finalDetailedResult(
    detailed: DetailedResult,
    grade: number,
    total: number,
    scores: RubricScore[] | null,
  ): DetailedResult {
    const pointsOf = new Map(scores?.map((score) => [score.criteria, score.points_earned]));
    return {
      ...detailed,
      grade,
      percentage: percentageOf(grade, total),
      rubric_breakdown: detailed.rubric_breakdown.map((row) => ({
        ...row,
        points_earned: pointsOf.get(row.criteria) ?? row.points_earned,
      })),
    };
  }

  /**
   * Asks an engine (the configured one unless named) for a suggestion on the submission's
   * current file and stores it. Throws GradingError when the engine cannot grade.
   */
  async function suggest(
    actor: Actor,
    submissionId: string,
    options: { engineId?: EngineId; signal?: AbortSignal } = {},
  ) {
    const { view, assignment } = await loadGradable(actor, submissionId);
    if (!view.file_path || !view.submitted_at) {
      throw conflict('This submission has no file to grade.');
    }
    const problem = beyondAutoGrading(assignment, view.content ?? '');
    if (problem) throw new GradingError(problem);
    const engineId = options.engineId ?? engines.grading.configuredId;
    const engine = engines.grading.get(engineId);
    const result = await engine.grade(
      {
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
      },
      { signal: options.signal },
    );
    return storeSuggestion(db, {
      submissionId,
      filePath: view.file_path,
      versionId: view.current_version_id,
      engineId,
      engineName: engine.name,
      result,
      requestedBy: actor.id,
      createdAt: clock(),
    });
  }

  return {
    async grade(actor: Actor, submissionId: string, input: GradeInput, options: GradeOptions = {}) {
      const { view, assignment } = await loadGradable(actor, submissionId);
      const total = view.assignment.total_points;
      if (!isValidGrade(input.grade, total)) {
        throw validationError('body.grade', gradeErrorMessage(total));
      }
      const scores = input.rubric_scores ?? null;
      if (scores) {
        const problem = rubricScoresProblem(scores, rubricRowsOf(assignment), input.grade);
        if (problem) throw validationError('body.rubric_scores', problem);
      }
      if (input.suggestion_id) {
        const suggestion = await loadSuggestion(db, input.suggestion_id);
        if (!suggestion || suggestion.submission_id !== submissionId) {
          throw badRequest('That suggestion is not one of this submission.');
        }
      }
      if (!view.submitted_at) throw conflict('This submission has not been handed in yet.');
      const detailed = input.detailed_feedback_json
        ? finalDetailedResult(input.detailed_feedback_json, input.grade, total, scores)
        : null;
      const now = clock();
      await db.transaction(async (tx) => {
        // The total as it stands once no change to it is in flight (assignments.update locks
        // it): a grade is never saved above a total lowered meanwhile.
        const [current] = await tx
          .select({ total: assignments.total_points })
          .from(assignments)
          .where(eq(assignments.id, view.assignment_id))
          .for('share');
        if (!current) throw notFound('Submission');
        if (!isValidGrade(input.grade, current.total)) {
          throw validationError('body.grade', gradeErrorMessage(current.total));
        }
        await tx
          .update(submissions)
          .set({
            grade: input.grade,
            feedback: input.feedback ?? null,
            show_detailed_feedback: input.show_detailed_feedback,
            detailed_feedback_json: detailed,
            rubric_scores: scores,
            graded_from_suggestion_id: input.suggestion_id ?? null,
            // The version graded: the one handed in when the teacher opened it.
            graded_version_id: view.current_version_id,
            status: 'graded',
            graded_at: now,
            updated_at: now,
          })
          .where(eq(submissions.id, submissionId));
        await options.alongside?.(tx);
      });
      const graded = await loadSubmissionView(db, submissionId);
      if (!graded) throw notFound('Submission');
      return graded;
    },

    suggest,

    /** SPEC §7's grade-submission call: a suggestion now, kept for the review screen. */
    async autoGrade(actor: Actor, input: AutoGradeInput, engineId?: EngineId) {
      const { view } = await loadGradable(actor, input.submission_id);
      if (
        view.assignment_id !== input.assignment_id ||
        view.assignment.course_id !== input.course_id
      ) {
        throw badRequest('The submission does not belong to that assignment and course.');
      }
      try {
        const suggestion = await suggest(actor, input.submission_id, { engineId });
        return {
          success: true as const,
          grade: suggestion.grade,
          feedback: suggestion.result.feedback.overall,
          detailed_result: suggestion.result,
          suggestion_id: suggestion.id,
        };
      } catch (error) {
        if (error instanceof GradingError) {
          throw new AppError(422, 'AUTO_GRADE_FAILED', error.message);
        }
        throw error;
      }
    },

    /** The suggestion the review screen shows, and one a resubmission made stale. */
    async getSuggestion(actor: Actor, submissionId: string) {
      await loadGradableSubmission(db, actor, submissionId);
      const found = (await suggestionsFor(db, [submissionId])).get(submissionId);
      return { current: found?.current ?? null, stale: found?.stale ?? null };
    },

    /** 'Clear Auto-Grade': the suggestion stays in history but is no longer shown. */
    async dismissSuggestion(actor: Actor, suggestionId: string) {
      const suggestion = await loadSuggestion(db, suggestionId);
      if (!suggestion) throw notFound('Suggestion');
      await hiddenAsNotFound('Suggestion', () =>
        loadGradableSubmission(db, actor, suggestion.submission_id),
      );
      await dismissSuggestion(db, suggestionId, clock());
    },
  };
}

export type GradingService = ReturnType<typeof createGradingService>;
