import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubmissionSuggestion } from '@domain/schemas/grading';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** Mylo's stored suggestion for the submission's current file, or a stale one (DESIGN §11). */
export function getSuggestion(
  submissionId: string,
  signal?: AbortSignal,
): Promise<SubmissionSuggestion> {
  return api.get<SubmissionSuggestion>(`/api/submissions/${submissionId}/suggestion`, { signal });
}

export const suggestionQueryOptions = (submissionId: string) =>
  queryOptions({
    queryKey: queryKeys.teacher.submissions.suggestion(submissionId),
    queryFn: ({ signal }) => getSuggestion(submissionId, signal),
  });

export const useSuggestion = (submissionId: string) =>
  useQuery(suggestionQueryOptions(submissionId));
