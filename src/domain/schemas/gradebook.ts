import { z } from 'zod';
import { ASSIGNMENT_STATUSES, GRADE_RELEASE_POLICIES } from '../roles';
import { isoDateTime, personSchema } from './common';

/**
 * Where one student stands on one assignment in the gradebook: nothing handed in, handed in
 * (on time or late) and waiting for a grade, graded but not yet released to the student, or
 * graded and released.
 */
export const GRADEBOOK_CELL_STATUSES = [
  'missing',
  'submitted',
  'late',
  'graded',
  'released',
] as const;
export type GradebookCellStatus = (typeof GRADEBOOK_CELL_STATUSES)[number];

export const gradebookCellSchema = z.object({
  assignment_id: z.uuid(),
  submission_id: z.uuid().nullable(),
  status: z.enum(GRADEBOOK_CELL_STATUSES),
  grade: z.number().nullable(),
  /** Handed in after the due date (graded work keeps this too). */
  late: z.boolean(),
});
export type GradebookCell = z.input<typeof gradebookCellSchema>;

export const gradebookAssignmentSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  total_points: z.number().int(),
  due_date: isoDateTime.nullable(),
  status: z.enum(ASSIGNMENT_STATUSES),
  grade_release: z.enum(GRADE_RELEASE_POLICIES),
  /** Mean of the enrolled students' grades; null when nobody is graded yet. */
  mean: z.number().nullable(),
  graded_count: z.number().int(),
});
export type GradebookAssignment = z.input<typeof gradebookAssignmentSchema>;

export const gradebookStudentSchema = personSchema.extend({
  /** One per assignment, in the order of `assignments`. */
  cells: z.array(gradebookCellSchema),
  /** Points earned over the graded work. */
  total: z.number(),
  /** The points the graded work was out of. */
  possible: z.number().int(),
  /** total / possible × 100, rounded to 2 decimals; null while nothing is graded. */
  percentage: z.number().nullable(),
});
export type GradebookStudent = z.input<typeof gradebookStudentSchema>;

/** GET /api/courses/:id/gradebook: enrolled students × the course's assignments (not drafts). */
export const gradebookSchema = z.object({
  course: z.object({ id: z.uuid(), title: z.string() }),
  assignments: z.array(gradebookAssignmentSchema),
  students: z.array(gradebookStudentSchema),
});
export type Gradebook = z.input<typeof gradebookSchema>;
