import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Assignment, AssignmentUpdate } from '@domain/schemas/assignments';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { invalidateAfterAssignmentChange } from './invalidate-after-change';

/** Any subset of the fields; `{ rubric_markdown }` alone is how the Rubric tab saves. */
export function updateAssignment(
  assignmentId: string,
  input: AssignmentUpdate,
): Promise<Assignment> {
  return api.patch<Assignment>(`/api/assignments/${assignmentId}`, input);
}

export function useUpdateAssignment(courseId: string, assignmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AssignmentUpdate) => updateAssignment(assignmentId, input),
    onSuccess: async (assignment) => {
      // The PATCH answer may leave out the teacher-only counts; keep the ones we had.
      queryClient.setQueryData<Assignment>(
        queryKeys.teacher.assignments.detail(assignmentId),
        (old) => ({
          ...old,
          ...assignment,
        }),
      );
      await invalidateAfterAssignmentChange(queryClient, courseId);
    },
  });
}
