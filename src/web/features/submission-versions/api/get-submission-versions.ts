import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubmissionVersion } from '@domain/schemas/submission-versions';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** Every version of a submission, newest first (its student, or the course's teacher). */
export async function getSubmissionVersions(
  submissionId: string,
  signal?: AbortSignal,
): Promise<SubmissionVersion[]> {
  const { items } = await api.get<{ items: SubmissionVersion[] }>(
    `/api/submissions/${submissionId}/versions`,
    { signal },
  );
  return items;
}

export const submissionVersionsQueryOptions = (submissionId: string) =>
  queryOptions({
    queryKey: queryKeys.submissionVersions.list(submissionId),
    queryFn: ({ signal }) => getSubmissionVersions(submissionId, signal),
  });

export const useSubmissionVersions = (submissionId: string | undefined) =>
  useQuery({ ...submissionVersionsQueryOptions(submissionId ?? ''), enabled: !!submissionId });
