// Class-scale grading (DESIGN §11): Mylo's stored suggestions, batch auto-grading progress,
// per-criterion rubric scores and AI-vs-teacher agreement.
import { z } from 'zod';
import { isoDateTime } from './common';
import { detailedResultSchema } from './submissions';

export { rubricScoreSchema, rubricScoresSchema, type RubricScore } from './rubric-scores';

export const engineIdSchema = z.enum(['offline', 'llm']);

export const suggestionSchema = z.object({
  id: z.uuid(),
  submission_id: z.uuid(),
  /** The stored file it graded; not the submission's current file means it is stale. */
  file_path: z.string(),
  engine_id: engineIdSchema,
  engine_name: z.string(),
  grade: z.number(),
  result: detailedResultSchema,
  created_at: isoDateTime,
  dismissed_at: isoDateTime.nullable(),
});
export type Suggestion = z.input<typeof suggestionSchema>;

/** GET /api/submissions/:id/suggestion: the one to show, and one a resubmission made stale. */
export const submissionSuggestionSchema = z.object({
  current: suggestionSchema.nullable(),
  /** The newest undismissed suggestion of an earlier file, when there is no current one. */
  stale: suggestionSchema.nullable(),
});
export type SubmissionSuggestion = z.input<typeof submissionSuggestionSchema>;

export const jobStateSchema = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);

/** GET, POST (start) and DELETE (cancel) /api/assignments/:id/auto-grading. */
export const autoGradingSchema = z.object({
  assignment_id: z.uuid(),
  /** Some job is queued or running: the tab keeps polling. */
  active: z.boolean(),
  counts: z.object({
    queued: z.number().int(),
    running: z.number().int(),
    done: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
  }),
  /** Handed-in, ungraded work that has no current suggestion and no job under way. */
  waiting: z.number().int(),
  /** Seconds until the queued and running jobs are likely done; null before any finished. */
  eta_seconds: z.number().nullable(),
  /** Jobs started (POST) or cancelled (DELETE) by this request. */
  changed: z.number().int().optional(),
  submissions: z.array(
    z.object({
      submission_id: z.uuid(),
      /** The latest job for this submission, if any. */
      job: z
        .object({ state: jobStateSchema, error: z.string().nullable(), attempts: z.number().int() })
        .nullable(),
      suggestion: z.object({ id: z.uuid(), grade: z.number(), engine_name: z.string() }).nullable(),
    }),
  ),
});
export type AutoGrading = z.input<typeof autoGradingSchema>;

export const startAutoGradingInputSchema = z
  .object({
    /** Which engine grades; the configured one when omitted. */
    engine: engineIdSchema.optional(),
  })
  .nullish();

export const agreementSchema = z.object({
  assignment_id: z.uuid(),
  total_points: z.number().int(),
  /** Submissions with both a Mylo suggestion and a saved teacher grade. */
  count: z.number().int(),
  mean_abs_difference: z.number().nullable(),
  mean_abs_difference_percent: z.number().nullable(),
  within_5_percent: z.number().nullable(),
  within_10_percent: z.number().nullable(),
  criteria: z.array(
    z.object({
      criteria: z.string(),
      count: z.number().int(),
      /** Teacher minus Mylo, on average: positive means Mylo was stricter. */
      mean_difference: z.number(),
      mean_abs_difference: z.number(),
    }),
  ),
  largest: z.array(
    z.object({
      submission_id: z.uuid(),
      student_name: z.string(),
      teacher_grade: z.number(),
      mylo_grade: z.number(),
      difference: z.number(),
    }),
  ),
});
export type Agreement = z.input<typeof agreementSchema>;
