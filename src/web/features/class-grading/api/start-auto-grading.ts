import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutoGrading } from '@domain/schemas/grading';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** 'Grade all with Mylo': one background job per submission that needs a suggestion. */
export function startAutoGrading(assignmentId: string) {
  return api.post<AutoGrading>(`/api/assignments/${assignmentId}/auto-grading`, {});
}

export function useStartAutoGrading(assignmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startAutoGrading(assignmentId),
    onSuccess: (progress) =>
      queryClient.setQueryData(queryKeys.teacher.assignments.autoGrading(assignmentId), progress),
  });
}
