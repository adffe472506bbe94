import { queryOptions, useQuery } from '@tanstack/react-query';
import { SIGNED_URL_TTL_SECONDS } from '@domain/limits';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { saveFileAs } from '@web/lib/save-file';

export interface VersionFileUrl {
  url: string;
  expires_at: string;
}

/** A time-limited link to one version's file; the link itself needs no token. */
export function getVersionFileUrl(
  submissionId: string,
  versionId: string,
  expiresIn: number = SIGNED_URL_TTL_SECONDS.default,
  signal?: AbortSignal,
): Promise<VersionFileUrl> {
  return api.post<VersionFileUrl>(
    `/api/submissions/${submissionId}/versions/${versionId}/signed-url`,
    { expires_in: expiresIn },
    { signal },
  );
}

/** The viewer's link to a version (valid as long as the viewer's other links). */
export const useVersionViewerUrl = (submissionId: string, versionId: string | null) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.submissionVersions.fileUrl(submissionId, versionId ?? ''),
      queryFn: ({ signal }) =>
        getVersionFileUrl(submissionId, versionId ?? '', SIGNED_URL_TTL_SECONDS.viewer, signal),
      staleTime: (SIGNED_URL_TTL_SECONDS.viewer - 600) * 1000,
      enabled: versionId !== null,
    }),
  );

/** Saves a version's file under its original name (saveFileAs says why as a blob). */
export async function downloadVersionFile(
  submissionId: string,
  versionId: string,
  filename: string,
): Promise<void> {
  const { url } = await getVersionFileUrl(submissionId, versionId);
  await saveFileAs(url, filename);
}
