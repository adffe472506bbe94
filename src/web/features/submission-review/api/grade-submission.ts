import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GradeInput, Submission } from '@domain/schemas/submissions';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** Saves the grade, feedback, the show-detailed choice and the analysis; the server re-checks them. */
export function gradeSubmission(submissionId: string, input: GradeInput): Promise<Submission> {
  return api.post<Submission>(`/api/submissions/${submissionId}/grade`, input);
}

export function useGradeSubmission(submissionId: string, assignmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GradeInput) => gradeSubmission(submissionId, input),
    onSuccess: async (submission) => {
      queryClient.setQueryData(queryKeys.teacher.submissions.detail(submissionId), submission);
      // The Submissions tab (its list, Mylo's progress and the agreement panel) and the
      // dashboard show the grade and the count still to grade.
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: queryKeys.teacher.assignments.detail(assignmentId),
        }),
        queryClient.invalidateQueries({ queryKey: queryKeys.teacher.dashboard() }),
      ]);
    },
  });
}
