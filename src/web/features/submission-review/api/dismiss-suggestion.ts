import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** 'Clear Auto-Grade' on a stored suggestion: hidden from now on, kept in history. */
export function dismissSuggestion(suggestionId: string): Promise<void> {
  return api.post(`/api/suggestions/${suggestionId}/dismiss`, {});
}

export function useDismissSuggestion(submissionId: string, assignmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissSuggestion,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: queryKeys.teacher.submissions.suggestion(submissionId),
        }),
        queryClient.invalidateQueries({
          queryKey: queryKeys.teacher.assignments.autoGrading(assignmentId),
        }),
      ]),
  });
}
