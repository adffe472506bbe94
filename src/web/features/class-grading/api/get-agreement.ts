import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Agreement } from '@domain/schemas/grading';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** How closely Mylo's suggestions matched the teacher's saved grades on the assignment. */
export function getAgreement(assignmentId: string, signal?: AbortSignal) {
  return api.get<Agreement>(`/api/assignments/${assignmentId}/agreement`, { signal });
}

export const agreementQueryOptions = (assignmentId: string) =>
  queryOptions({
    queryKey: queryKeys.teacher.assignments.agreement(assignmentId),
    queryFn: ({ signal }) => getAgreement(assignmentId, signal),
  });

export const useAgreement = (assignmentId: string) => useQuery(agreementQueryOptions(assignmentId));
