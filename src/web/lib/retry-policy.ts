import { ApiError } from './api-error';

/**
 * When a failed read is tried again: TanStack Query's queries use it (lib/query-client), and so
 * does what /login loads without TanStack Query (the demo accounts).
 *
 * Client errors (bad input, not found, forbidden) will not change on a retry; network and
 * server hiccups might.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** TanStack Query's default back-off: 1 s, 2 s, 4 s… up to 30 s. */
export const retryDelay = (failureCount: number): number =>
  Math.min(1000 * 2 ** failureCount, 30_000);

/** `attempt`, tried again under the policy above: the way a TanStack query would. */
export async function withRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let failureCount = 0; ; failureCount += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!shouldRetry(failureCount, error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelay(failureCount)));
    }
  }
}
