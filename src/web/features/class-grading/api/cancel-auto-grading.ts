import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutoGrading } from '@domain/schemas/grading';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** Stops Mylo's queued and running work on the assignment; suggestions already made stay. */
export function cancelAutoGrading(assignmentId: string) {
  return api.delete<AutoGrading>(`/api/assignments/${assignmentId}/auto-grading`);
}

export function useCancelAutoGrading(assignmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelAutoGrading(assignmentId),
    onSuccess: (progress) =>
      queryClient.setQueryData(queryKeys.teacher.assignments.autoGrading(assignmentId), progress),
  });
}
