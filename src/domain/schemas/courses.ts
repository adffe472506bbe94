import { z } from 'zod';
import { TEXT_LIMITS } from '../limits';
import { ROLES } from '../roles';
import { isoDateTime, optionalText, personSchema } from './common';

export const courseTitleSchema = z
  .string({ error: 'Course title is required.' })
  .trim()
  .min(1, 'Course title is required.')
  .max(TEXT_LIMITS.title, `Course title must be at most ${TEXT_LIMITS.title} characters.`);

export const courseInputSchema = z.object({
  title: courseTitleSchema,
  description: optionalText(TEXT_LIMITS.markdown, 'Description'),
});
export type CourseInput = z.input<typeof courseInputSchema>;

export const courseUpdateSchema = courseInputSchema.partial();
export type CourseUpdate = z.input<typeof courseUpdateSchema>;

export const courseScopeSchema = z.object({
  /** mine: a teacher's own; enrolled / available: a student's. Default by role. */
  scope: z.enum(['mine', 'enrolled', 'available']).optional(),
});

export const courseSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  teacher_id: z.uuid(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  /** The email only in the teacher's own view: students see the teacher's name (SPEC §2). */
  teacher: personSchema.extend({ role: z.enum(ROLES), email: z.string().optional() }),
  student_count: z.number().int(),
  /** Teachers count every assignment; students count the published ones they can see. */
  assignment_count: z.number().int(),
  total_points: z.number().int(),
});
/** A course as the client receives it (timestamps are ISO strings). */
export type Course = z.input<typeof courseSchema>;
