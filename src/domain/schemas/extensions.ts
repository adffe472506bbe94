import { z } from 'zod';
import { DUE_DATE_RANGE_MESSAGE } from '../limits';
import { isDueDateInRange } from './assignments';
import { isoDateTime, personSchema } from './common';

/** PUT /api/assignments/:id/extensions/:studentId: grant or change one student's due date. */
export const extensionInputSchema = z.object({
  due_date: z.iso
    .datetime({ offset: true, error: 'Extended due date must be a valid date and time.' })
    .refine(isDueDateInRange, DUE_DATE_RANGE_MESSAGE),
});
export type ExtensionInput = z.input<typeof extensionInputSchema>;

export const extensionParamsSchema = z.object({
  id: z.uuid({ error: 'Not a valid id.' }),
  studentId: z.uuid({ error: 'Not a valid id.' }),
});

export const extensionSchema = z.object({
  id: z.uuid(),
  assignment_id: z.uuid(),
  student: personSchema,
  due_date: isoDateTime,
  granted_by: z.uuid().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Extension = z.input<typeof extensionSchema>;
