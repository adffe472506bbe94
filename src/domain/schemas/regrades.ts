import { z } from 'zod';
import { CLASS_GRADING, REGRADE } from '../limits';
import { isoDateTime } from './common';
import { rubricScoresSchema } from './rubric-scores';

export const REGRADE_STATES = ['open', 'answered'] as const;
export const REGRADE_OUTCOMES = ['changed', 'kept'] as const;
export type RegradeOutcome = (typeof REGRADE_OUTCOMES)[number];

/** Required, trimmed, at most `max` characters (counted as the browser's character count). */
const requiredText = (max: number, label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters.`)
    .refine((text) => !text.includes('\u0000'), `${label} must not contain NUL characters.`);

/** POST /api/submissions/:id/regrade-request (the submission's student). */
export const regradeRequestInputSchema = z.object({
  reason: requiredText(REGRADE.reasonMaxChars, 'A reason'),
  /** Titles of the assignment's rubric criteria; none names the work as a whole. */
  criteria: z
    .array(z.string({ error: 'Each criterion must be text.' }).trim().min(1).max(500), {
      error: 'Criteria must be a list of rubric criteria.',
    })
    .max(CLASS_GRADING.maxRubricCriteria)
    .default([]),
});
export type RegradeRequestInput = z.input<typeof regradeRequestInputSchema>;

/** POST /api/submissions/:id/regrade-request/answer (the course's teacher). */
export const regradeAnswerInputSchema = z
  .object({
    note: requiredText(REGRADE.noteMaxChars, 'A note to the student'),
    outcome: z.enum(REGRADE_OUTCOMES, { error: 'Outcome must be changed or kept.' }),
    /** The new grade, with outcome 'changed' only; saved as any grade is (0..total, 0.5 steps). */
    grade: z.number({ error: 'Grade must be a number.' }).optional(),
    /** With a new grade: the points per rubric criterion that add up to it. */
    rubric_scores: rubricScoresSchema.optional(),
  })
  .superRefine((input, context) => {
    if (input.outcome === 'changed' && input.grade === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['grade'],
        message: 'Enter the new grade, or keep the grade as it is.',
      });
    }
    if (input.outcome === 'kept' && (input.grade !== undefined || input.rubric_scores)) {
      context.addIssue({
        code: 'custom',
        path: ['grade'],
        message: 'A kept grade takes no new grade.',
      });
    }
  });
export type RegradeAnswerInput = z.input<typeof regradeAnswerInputSchema>;

export const regradeRequestSchema = z.object({
  id: z.uuid(),
  submission_id: z.uuid(),
  student_id: z.uuid(),
  reason: z.string(),
  criteria: z.array(z.string()),
  /** A student sees 'open' until the answer reaches them with a released grade. */
  state: z.enum(REGRADE_STATES),
  teacher_note: z.string().nullable(),
  outcome: z.enum(REGRADE_OUTCOMES).nullable(),
  answered_by: z.object({ id: z.uuid(), full_name: z.string() }).nullable(),
  answered_at: isoDateTime.nullable(),
  created_at: isoDateTime,
});
export type RegradeRequest = z.input<typeof regradeRequestSchema>;

/** GET /api/submissions/:id/regrade-request: the request, if any, and whether one may be made. */
export const regradeStatusSchema = z.object({
  request: regradeRequestSchema.nullable(),
  /** The assignment's switch: the teacher accepts regrade requests (default on). */
  accepting_requests: z.boolean(),
  /** The submission's student may file a request now (released grade, switch on, none yet). */
  can_request: z.boolean(),
  /** The assignment's rubric criteria a request may name. */
  criteria: z.array(z.string()),
});
export type RegradeStatus = z.input<typeof regradeStatusSchema>;
