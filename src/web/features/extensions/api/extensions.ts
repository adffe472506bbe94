import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Enrollment } from '@domain/schemas/enrollments';
import type { Extension } from '@domain/schemas/extensions';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** An assignment's extensions (the course teacher). */
export const useExtensions = (assignmentId: string) =>
  useQuery({
    queryKey: queryKeys.teacher.assignments.extensions(assignmentId),
    queryFn: ({ signal }) =>
      api
        .get<{ items: Extension[] }>(`/api/assignments/${assignmentId}/extensions`, { signal })
        .then((body) => body.items),
  });

/** The course's enrolled students: everyone an extension can be granted to. */
export const useEnrolledStudents = (courseId: string) =>
  useQuery({
    queryKey: queryKeys.teacher.courses.enrollments(courseId),
    queryFn: ({ signal }) =>
      api
        .get<{ items: Enrollment[] }>(`/api/courses/${courseId}/enrollments`, { signal })
        .then((body) => body.items),
  });

/**
 * Grants, changes (an ISO instant) or removes (null) one student's extension. Late markers and
 * due dates shown anywhere for the teacher may change, so every teacher read refreshes.
 */
export function useSetExtension(assignmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, dueDate }: { studentId: string; dueDate: string | null }) => {
      const url = `/api/assignments/${assignmentId}/extensions/${studentId}`;
      return dueDate === null
        ? api.delete(url).then(() => null)
        : api.put<Extension>(url, { due_date: dueDate });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.teacher.all() }),
  });
}
