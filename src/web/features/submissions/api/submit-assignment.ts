import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmitInput, Submission } from '@domain/schemas/submissions';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** Submits an uploaded file, or replaces the earlier submission with it (resubmit). */
export function submitAssignment(assignmentId: string, input: SubmitInput): Promise<Submission> {
  return api.put<Submission>(`/api/assignments/${assignmentId}/submissions/me`, input);
}

export function useSubmitAssignment(assignmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitInput) => submitAssignment(assignmentId, input),
    onSuccess: (submission) => {
      queryClient.setQueryData(
        queryKeys.student.assignments.mySubmission(assignmentId),
        submission,
      );
      // The dashboard's counters and recent submissions change too, and the list of versions.
      void queryClient.invalidateQueries({ queryKey: queryKeys.submissionVersions.all() });
      return queryClient.invalidateQueries({ queryKey: queryKeys.student.dashboard() });
    },
  });
}
