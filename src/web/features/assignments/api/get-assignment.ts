import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Assignment } from '@domain/schemas/assignments';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export function getAssignment(assignmentId: string, signal?: AbortSignal): Promise<Assignment> {
  return api.get<Assignment>(`/api/assignments/${assignmentId}`, { signal });
}

export const assignmentQueryOptions = (assignmentId: string) =>
  queryOptions({
    queryKey: queryKeys.teacher.assignments.detail(assignmentId),
    queryFn: ({ signal }) => getAssignment(assignmentId, signal),
  });

export const useAssignment = (assignmentId: string) =>
  useQuery(assignmentQueryOptions(assignmentId));
