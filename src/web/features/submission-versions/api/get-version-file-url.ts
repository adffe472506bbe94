import { queryOptions, useQuery } from '@tanstack/react-query';
import { SIGNED_URL_TTL_SECONDS } from '@domain/limits';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

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

/**
 * Saves a version's file under its original name (fetched as a blob: a link's `download` name
 * loses to the server's Content-Disposition name, which is the stored one).
 */
export async function downloadVersionFile(
  submissionId: string,
  versionId: string,
  filename: string,
): Promise<void> {
  const { url } = await getVersionFileUrl(submissionId, versionId);
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The file server answered ${response.status}.`);
  const objectUrl = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  }
}
