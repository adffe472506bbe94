import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AutoGrading } from '@domain/schemas/grading';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** While Mylo works, the tab asks for progress this often. */
const POLL_MS = 1500;

export function getAutoGrading(assignmentId: string, signal?: AbortSignal) {
  return api.get<AutoGrading>(`/api/assignments/${assignmentId}/auto-grading`, { signal });
}

export const autoGradingQueryOptions = (assignmentId: string) =>
  queryOptions({
    queryKey: queryKeys.teacher.assignments.autoGrading(assignmentId),
    queryFn: ({ signal }) => getAutoGrading(assignmentId, signal),
    // Live progress through polling: it works behind any proxy and across instances.
    refetchInterval: (query) => (query.state.data?.active ? POLL_MS : false),
  });

export const useAutoGrading = (assignmentId: string) =>
  useQuery(autoGradingQueryOptions(assignmentId));
