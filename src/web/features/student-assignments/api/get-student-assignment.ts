import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Assignment } from '@domain/schemas/assignments';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** A published assignment of an enrolled course; 404 for drafts, closed or unknown ones. */
export function getStudentAssignment(
  assignmentId: string,
  signal?: AbortSignal,
): Promise<Assignment> {
  return api.get<Assignment>(`/api/assignments/${assignmentId}`, { signal });
}

export const studentAssignmentQueryOptions = (assignmentId: string) =>
  queryOptions({
    queryKey: queryKeys.student.assignments.detail(assignmentId),
    queryFn: ({ signal }) => getStudentAssignment(assignmentId, signal),
  });

export const useStudentAssignment = (assignmentId: string) =>
  useQuery(studentAssignmentQueryOptions(assignmentId));
