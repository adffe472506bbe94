import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Submission } from '@domain/schemas/submissions';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** The teacher's list of an assignment's submissions, each with its student. */
export async function getAssignmentSubmissions(
  assignmentId: string,
  signal?: AbortSignal,
): Promise<Submission[]> {
  const { items } = await api.get<{ items: Submission[] }>(
    `/api/assignments/${assignmentId}/submissions`,
    { signal },
  );
  return items;
}

export const assignmentSubmissionsQueryOptions = (assignmentId: string) =>
  queryOptions({
    queryKey: queryKeys.teacher.assignments.submissions(assignmentId),
    queryFn: ({ signal }) => getAssignmentSubmissions(assignmentId, signal),
  });

export const useAssignmentSubmissions = (assignmentId: string) =>
  useQuery(assignmentSubmissionsQueryOptions(assignmentId));
