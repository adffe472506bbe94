import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Assignment } from '@domain/schemas/assignments';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { invalidateAfterAssignmentChange } from './invalidate-after-change';

/** Also deletes the assignment's submissions and their stored files. */
export function deleteAssignment(assignmentId: string): Promise<void> {
  return api.delete(`/api/assignments/${assignmentId}`);
}

export function useDeleteAssignment(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignmentId: string) => deleteAssignment(assignmentId),
    onSuccess: async (_nothing, assignmentId) => {
      queryClient.setQueryData<Assignment[]>(
        queryKeys.teacher.assignments.ofCourse(courseId),
        (list) => list?.filter((assignment) => assignment.id !== assignmentId),
      );
      queryClient.removeQueries({ queryKey: queryKeys.teacher.assignments.detail(assignmentId) });
      await invalidateAfterAssignmentChange(queryClient, courseId);
    },
  });
}
