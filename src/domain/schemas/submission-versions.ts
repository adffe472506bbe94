import { z } from 'zod';
import { SIGNED_URL_TTL_SECONDS } from '../limits';
import { isoDateTime } from './common';

/** One file a submission was handed in with (DESIGN §11), newest first in lists. */
export const submissionVersionSchema = z.object({
  id: z.uuid(),
  submission_id: z.uuid(),
  /** 1 for the first hand-in, counting up; numbers of removed versions are not reused. */
  number: z.number().int(),
  original_filename: z.string(),
  file_size: z.number().int(),
  submitted_at: isoDateTime,
  /** The version the submission hands in now. */
  current: z.boolean(),
  /** Teacher-only: the version the saved grade graded. Absent from a student's copy. */
  graded: z.boolean().optional(),
});
export type SubmissionVersion = z.input<typeof submissionVersionSchema>;

export const versionParamsSchema = z.object({
  id: z.uuid({ error: 'Not a valid id.' }),
  versionId: z.uuid({ error: 'Not a valid id.' }),
});

/** POST /api/submissions/:id/versions/:versionId/signed-url. */
export const versionFileUrlInputSchema = z.object({
  expires_in: z.number().int().min(1).max(86_400).default(SIGNED_URL_TTL_SECONDS.default),
});
