import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Submission } from '@domain/schemas/submissions';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** One submission with its student, assignment and course, and the text extracted from its PDF. */
export function getSubmission(submissionId: string, signal?: AbortSignal): Promise<Submission> {
  return api.get<Submission>(`/api/submissions/${submissionId}`, { signal });
}

export const submissionQueryOptions = (submissionId: string) =>
  queryOptions({
    queryKey: queryKeys.teacher.submissions.detail(submissionId),
    queryFn: ({ signal }) => getSubmission(submissionId, signal),
  });

export const useSubmission = (submissionId: string) =>
  useQuery(submissionQueryOptions(submissionId));
