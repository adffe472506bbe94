import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Assignment } from '@domain/schemas/assignments';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { invalidateAfterAssignmentChange } from './invalidate-after-change';

/** Manual release: release the saved grades to students (true) or hide them again (false). */
export function setGradesReleased(assignmentId: string, released: boolean): Promise<Assignment> {
  return api.post<Assignment>(`/api/assignments/${assignmentId}/grade-release`, { released });
}

export function useSetGradesReleased(courseId: string, assignmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (released: boolean) => setGradesReleased(assignmentId, released),
    onSuccess: async (assignment) => {
      queryClient.setQueryData<Assignment>(
        queryKeys.teacher.assignments.detail(assignmentId),
        (old) => ({ ...old, ...assignment }),
      );
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: queryKeys.teacher.assignments.submissions(assignmentId),
        }),
        invalidateAfterAssignmentChange(queryClient, courseId),
      ]);
    },
  });
}
