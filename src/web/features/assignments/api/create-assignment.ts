import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Assignment, AssignmentInput } from '@domain/schemas/assignments';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { invalidateAfterAssignmentChange } from './invalidate-after-change';

export function createAssignment(courseId: string, input: AssignmentInput): Promise<Assignment> {
  return api.post<Assignment>(`/api/courses/${courseId}/assignments`, input);
}

export function useCreateAssignment(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AssignmentInput) => createAssignment(courseId, input),
    onSuccess: async (assignment) => {
      queryClient.setQueryData(queryKeys.teacher.assignments.detail(assignment.id), assignment);
      await invalidateAfterAssignmentChange(queryClient, courseId);
    },
  });
}
