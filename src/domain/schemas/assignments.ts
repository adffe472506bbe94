import { z } from 'zod';
import {
  AUTO_GRADING,
  DUE_DATE_RANGE_MESSAGE,
  DUE_DATE_YEARS,
  TEXT_LIMITS,
  TOTAL_POINTS,
} from '../limits';
import { parseRubric } from '../rubric';
import { ASSIGNMENT_STATUSES, GRADE_RELEASE_POLICIES } from '../roles';
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

export const gradeReleaseSchema = z.enum(GRADE_RELEASE_POLICIES, {
  error: 'Grade release must be automatic or manual.',
});

/** The instant is in years 1–9999 (UTC), after its offset is applied. */
export function isDueDateInRange(value: string | Date): boolean {
  const date = value instanceof Date ? value : new Date(value);
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && year >= DUE_DATE_YEARS.min && year <= DUE_DATE_YEARS.max;
}

/** null clears the due date; the client sends the datetime-local value as an ISO instant. */
const dueDateInput = z.iso
  .datetime({ offset: true, error: 'Due date must be a valid date and time.' })
  .refine(isDueDateInRange, DUE_DATE_RANGE_MESSAGE)
  .nullish();

/** Late policy percents (029): 0–100, whole or with one decimal; null or absent: none. */
const latePenaltyPercent = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .min(0, `${label} must be between 0 and 100.`)
    .max(100, `${label} must be between 0 and 100.`)
    .refine(
      (value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9,
      `${label} can have at most one decimal.`,
    )
    .nullish();
const latePenaltyFields = {
  late_penalty_percent_per_day: latePenaltyPercent('Late penalty per day'),
  late_penalty_cap_percent: latePenaltyPercent('Late penalty cap'),
};
export const LATE_PENALTY_CAP_NEEDS_RATE =
  'Set a late penalty per day before a cap, or leave the cap empty.';

const markdown = (label: string) => optionalText(TEXT_LIMITS.markdown, label);

/** A rubric Mylo can grade with: at most AUTO_GRADING.maxCriteria criteria. */
const rubricMarkdown = markdown('Rubric').refine(
  (text) =>
    !text || parseRubric(text, TOTAL_POINTS.max).criteria.length <= AUTO_GRADING.maxCriteria,
  `A rubric can have at most ${AUTO_GRADING.maxCriteria} criteria.`,
);

export const assignmentInputSchema = z.object({
  title: assignmentTitleSchema,
  description: markdown('Description'),
  due_date: dueDateInput,
  total_points: totalPointsSchema.default(TOTAL_POINTS.default),
  status: assignmentStatusSchema.default('draft'),
  rubric_markdown: rubricMarkdown,
  grade_release: gradeReleaseSchema.default('automatic'),
  accepts_regrade_requests: z
    .boolean({ error: 'Say whether regrade requests are accepted (true or false).' })
    .default(true),
  ...latePenaltyFields,
});
export type AssignmentInput = z.input<typeof assignmentInputSchema>;

/** PATCH: only the fields sent change (no defaults here, unlike create). */
export const assignmentUpdateSchema = z.object({
  title: assignmentTitleSchema.optional(),
  description: markdown('Description'),
  due_date: dueDateInput,
  total_points: totalPointsSchema.optional(),
  status: assignmentStatusSchema.optional(),
  rubric_markdown: rubricMarkdown,
  grade_release: gradeReleaseSchema.optional(),
  accepts_regrade_requests: z
    .boolean({ error: 'Say whether regrade requests are accepted (true or false).' })
    .optional(),
  ...latePenaltyFields,
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
  /** automatic: saved grades reach students at once; manual: when the teacher releases them. */
  grade_release: z.enum(GRADE_RELEASE_POLICIES),
  /** Manual release: grades saved by then are released; null while they are hidden. */
  grades_released_at: isoDateTime.nullable(),
  /** Students may ask for a regrade of a released grade, also once closed (028). */
  accepts_regrade_requests: z.boolean(),
  /** Late policy (029): percent of the grade suggested off per started day late, capped. */
  late_penalty_percent_per_day: z.number().nullable(),
  late_penalty_cap_percent: z.number().nullable(),
  /**
   * Student reads only: the student's own extended due date (null without one), and the due
   * date that holds for them (the extension when later, else the assignment's).
   */
  extended_due_date: isoDateTime.nullable().optional(),
  effective_due_date: isoDateTime.nullable().optional(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  course: z.object({ id: z.uuid(), title: z.string() }),
  /** Present for the course's teacher: submissions received and those still ungraded. */
  submission_count: z.number().int().optional(),
  ungraded_count: z.number().int().optional(),
});
export type Assignment = z.input<typeof assignmentSchema>;

/** POST /api/assignments/:id/grade-release: release the saved grades, or hide them again. */
export const gradeReleaseInputSchema = z.object({
  released: z.boolean({ error: 'Say whether the grades are released (true or false).' }),
});
export type GradeReleaseInput = z.input<typeof gradeReleaseInputSchema>;
