import { z } from 'zod';
import { TEXT_LIMITS } from '../limits';
import { SUBMISSION_STATUSES } from '../roles';
import { isoDateTime, personSchema } from './common';
import { rubricScoreSchema, rubricScoresSchema } from './rubric-scores';

/** SPEC §3 "detailed result": what the grader suggests and the student may be shown. */
export const detailedResultSchema = z.object({
  grade: z.number().min(0),
  percentage: z.number().min(0).max(100),
  confidence_level: z.number().min(0).max(1),
  feedback: z.object({
    overall: z.string(),
    strengths: z.array(z.string()),
    areas_for_improvement: z.array(z.string()),
    missing_elements: z.array(z.string()),
  }),
  rubric_breakdown: z.array(
    z.object({
      criteria: z.string(),
      points_earned: z.number().min(0),
      max_points: z.number().min(0),
      justification: z.string(),
      quality_assessment: z.string(),
    }),
  ),
  recommendations: z.array(z.string()),
  /** Which engine produced it, e.g. "offline rubric matcher" or "openai:gpt-4.1". */
  engine: z.string().optional(),
  /** Things the teacher should know, e.g. text in the submission that tries to instruct the grader. */
  warnings: z.array(z.string()).optional(),
});
export type DetailedResult = z.infer<typeof detailedResultSchema>;

/** POST /api/files answer (SPEC §3 "uploaded file result"). */
export const uploadResultSchema = z.object({
  path: z.string(),
  size: z.number().int(),
  original_filename: z.string(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** PUT /api/assignments/:id/submissions/me: submit or resubmit an uploaded file. */
export const submitInputSchema = z.object({
  file_path: z.string().min(1).max(1000),
  file_size: z.number().int().min(1),
  original_filename: z.string().trim().min(1).max(TEXT_LIMITS.filename),
});
export type SubmitInput = z.input<typeof submitInputSchema>;

export const submissionSchema = z.object({
  id: z.uuid(),
  assignment_id: z.uuid(),
  student_id: z.uuid(),
  status: z.enum(SUBMISSION_STATUSES),
  /** When the hand-in's request reached the server (043); "late" compares it with the due date. */
  submitted_at: isoDateTime.nullable(),
  grade: z.number().nullable(),
  graded_at: isoDateTime.nullable(),
  feedback: z.string().nullable(),
  show_detailed_feedback: z.boolean(),
  detailed_feedback_json: detailedResultSchema.nullable(),
  /** The teacher's final points per rubric criterion, when graded with the rubric rows. */
  rubric_scores: z.array(rubricScoreSchema).nullable(),
  /** Teacher-only: the suggestion the saved grade started from. */
  graded_from_suggestion_id: z.uuid().nullable(),
  /**
   * Whether the student sees the grade (DESIGN §11: automatic release, or released by the
   * teacher). A student's own copy of an unreleased grade carries no grade at all.
   */
  grade_released: z.boolean(),
  /** The version handed in now (GET /api/submissions/:id/versions lists them all). */
  current_version_id: z.uuid().nullable().default(null),
  /** Handed in after the student's due date (grading-states.ts: their extension counts, 029). */
  late: z.boolean(),
  /** The student's extended due date for this assignment, if the teacher granted one. */
  extended_due_date: isoDateTime.nullable(),
  /** The due date that holds for the student: the later of the assignment's and the extension. */
  effective_due_date: isoDateTime.nullable(),
  file_path: z.string().nullable(),
  file_size: z.number().int().nullable(),
  original_filename: z.string().nullable(),
  content: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  student: personSchema,
  assignment: z.object({
    id: z.uuid(),
    title: z.string(),
    total_points: z.number().int(),
    due_date: isoDateTime.nullable(),
    /** The late policy the review screen suggests a deduction from (029). */
    late_penalty_percent_per_day: z.number().nullable(),
    late_penalty_cap_percent: z.number().nullable(),
    course_id: z.uuid(),
    course: z.object({ id: z.uuid(), title: z.string() }),
  }),
});
export type Submission = z.input<typeof submissionSchema>;

/** Lists leave out the extracted text (`content`), which only a single read returns. */
export const submissionListItemSchema = submissionSchema.omit({ content: true });
export type SubmissionListItem = z.input<typeof submissionListItemSchema>;

/** POST /api/submissions/:id/grade. The grade's range depends on the assignment: checked with isValidGrade. */
export const gradeInputSchema = z.object({
  grade: z.number({ error: 'Grade must be a number.' }),
  feedback: z
    .string()
    .max(TEXT_LIMITS.feedback, `Feedback must be at most ${TEXT_LIMITS.feedback} characters.`)
    .transform((text) => (text.trim() === '' ? null : text.trim()))
    .nullish(),
  show_detailed_feedback: z.boolean().default(false),
  detailed_feedback_json: detailedResultSchema.nullish(),
  /** The Mylo suggestion the grade started from, if any (kept for agreement). */
  suggestion_id: z.uuid().nullish(),
  /** The teacher's points per rubric criterion; the grade must be their sum. */
  rubric_scores: rubricScoresSchema.nullish(),
});
export type GradeInput = z.input<typeof gradeInputSchema>;

/** POST /api/agent/grade-submission (SPEC §7). */
export const autoGradeInputSchema = z.object({
  submission_id: z.uuid(),
  assignment_id: z.uuid(),
  course_id: z.uuid(),
});

export const autoGradeResultSchema = z.object({
  success: z.literal(true),
  grade: z.number(),
  feedback: z.string(),
  detailed_result: detailedResultSchema,
  /** The stored suggestion (DESIGN §11): saving the grade may name it. */
  suggestion_id: z.uuid().optional(),
});
export type AutoGradeResult = z.infer<typeof autoGradeResultSchema>;
