import { queryOptions, useQuery } from '@tanstack/react-query';
import { SIGNED_URL_TTL_SECONDS } from '@domain/limits';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export interface SignedFileUrl {
  url: string;
  expires_at: string;
}

/** A time-limited link to a stored file; the link itself needs no token (pdf.js fetches it). */
export function getSignedFileUrl(
  path: string,
  expiresIn: number = SIGNED_URL_TTL_SECONDS.default,
  signal?: AbortSignal,
): Promise<SignedFileUrl> {
  return api.post<SignedFileUrl>(
    '/api/files/signed-url',
    { path, expires_in: expiresIn },
    { signal },
  );
}

/**
 * The viewer's link (SPEC §7: valid 72000 s). It stays fresh almost as long as it is valid: a new
 * link would make the viewer load the document again.
 */
export const viewerFileUrlQueryOptions = (path: string) =>
  queryOptions({
    queryKey: queryKeys.files.signedUrl(path, SIGNED_URL_TTL_SECONDS.viewer),
    queryFn: ({ signal }) => getSignedFileUrl(path, SIGNED_URL_TTL_SECONDS.viewer, signal),
    staleTime: (SIGNED_URL_TTL_SECONDS.viewer - 600) * 1000,
  });

export const useViewerFileUrl = (path: string) => useQuery(viewerFileUrlQueryOptions(path));
