import { useMutation } from '@tanstack/react-query';
import { type AutoGradeResult, autoGradeResultSchema } from '@domain/schemas/submissions';
import { api } from '@web/lib/api-client';

export interface AutoGradeRequest {
  submission_id: string;
  assignment_id: string;
  course_id: string;
}

/**
 * Asks Mylo for a suggested grade and analysis (SPEC §4). Nothing is saved: the answer is held
 * in the form until the teacher submits it. A failure is the error shape with the reason.
 */
export function autoGradeSubmission(request: AutoGradeRequest): Promise<AutoGradeResult> {
  return api.post('/api/agent/grade-submission', request, { schema: autoGradeResultSchema });
}

export const useAutoGradeSubmission = () => useMutation({ mutationFn: autoGradeSubmission });
