import { z } from 'zod';
import { TEXT_LIMITS, TOTAL_POINTS } from '../limits';
import { ASSIGNMENT_STATUSES } from '../roles';
import { isoDateTime, optionalText } from './common';

export const assignmentTitleSchema = z
  .string({ error: 'Assignment title is required.' })
  .trim()
  .min(1, 'Assignment title is required.')
  .max(TEXT_LIMITS.title, `Assignment title must be at most ${TEXT_LIMITS.title} characters.`);

export const totalPointsSchema = z
  .number({ error: 'Total points must be a whole number.' })
  .int('Total points must be a whole number.')
  .min(TOTAL_POINTS.min, 'Total points must be greater than 0.')
  .max(TOTAL_POINTS.max, `Total points must be at most ${TOTAL_POINTS.max}.`);

export const assignmentStatusSchema = z.enum(ASSIGNMENT_STATUSES, {
  error: 'Status must be draft, published or closed.',
});

/** null clears the due date; the client sends the datetime-local value as an ISO instant. */
const dueDateInput = z.iso
  .datetime({ offset: true, error: 'Due date must be a valid date and time.' })
  .nullish();

const markdown = (label: string) => optionalText(TEXT_LIMITS.markdown, label);

export const assignmentInputSchema = z.object({
  title: assignmentTitleSchema,
  description: markdown('Description'),
  due_date: dueDateInput,
  total_points: totalPointsSchema.default(TOTAL_POINTS.default),
  status: assignmentStatusSchema.default('draft'),
  rubric_markdown: markdown('Rubric'),
});
export type AssignmentInput = z.input<typeof assignmentInputSchema>;

/** PATCH: only the fields sent change (no defaults here, unlike create). */
export const assignmentUpdateSchema = z.object({
  title: assignmentTitleSchema.optional(),
  description: markdown('Description'),
  due_date: dueDateInput,
  total_points: totalPointsSchema.optional(),
  status: assignmentStatusSchema.optional(),
  rubric_markdown: markdown('Rubric'),
});
export type AssignmentUpdate = z.input<typeof assignmentUpdateSchema>;

export const assignmentSchema = z.object({
  id: z.uuid(),
  course_id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  due_date: isoDateTime.nullable(),
  total_points: z.number().int(),
  status: z.enum(ASSIGNMENT_STATUSES),
  rubric_markdown: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  course: z.object({ id: z.uuid(), title: z.string() }),
  /** Present for the course's teacher: submissions received and those still ungraded. */
  submission_count: z.number().int().optional(),
  ungraded_count: z.number().int().optional(),
});
export type Assignment = z.input<typeof assignmentSchema>;
