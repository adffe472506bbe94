import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AutoGradeResult, autoGradeResultSchema } from '@domain/schemas/submissions';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

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

/** The answer is also stored as the submission's suggestion, so the stored one is refreshed. */
export function useAutoGradeSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: autoGradeSubmission,
    onSuccess: (_result, request) =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: queryKeys.teacher.submissions.suggestion(request.submission_id),
        }),
        queryClient.invalidateQueries({
          queryKey: queryKeys.teacher.assignments.autoGrading(request.assignment_id),
        }),
      ]),
  });
}
