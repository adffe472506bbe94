import { z } from 'zod';
import { isoDateTime, personSchema } from './common';

export const enrollmentSchema = z.object({
  id: z.uuid(),
  course_id: z.uuid(),
  student_id: z.uuid(),
  enrolled_at: isoDateTime,
  student: personSchema,
});
export type Enrollment = z.input<typeof enrollmentSchema>;
