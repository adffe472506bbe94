import { z } from 'zod';
import { CLASS_GRADING } from '../limits';

/** One row of the grading form's rubric: the teacher's points for one criterion. */
export const rubricScoreSchema = z.object({
  criteria: z.string().min(1).max(500),
  points_earned: z.number().min(0),
  max_points: z.number().min(0),
});
export type RubricScore = z.infer<typeof rubricScoreSchema>;

export const rubricScoresSchema = z
  .array(rubricScoreSchema)
  .min(1)
  .max(CLASS_GRADING.maxRubricCriteria);
