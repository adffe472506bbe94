import { ApiError } from '@web/lib/api-error';

export interface RetryOptions {
  delays: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  /** Aborted when the attempt no longer matters (sign-out, unmount): stop retrying. */
  signal?: AbortSignal;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A 401 means the refresh token was refused: retrying cannot bring the session back. */
export const isSessionRefused = (error: unknown) =>
  error instanceof ApiError && error.status === 401;

/**
 * Runs `attempt`, retrying after each delay while it fails for a reason that may pass (network,
 * 5xx, rate limit). Rejects with the last error once the delays run out.
 */
export async function refreshWithRetry<T>(
  attempt: () => Promise<T>,
  { delays, sleep = sleepFor, signal }: RetryOptions,
): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt();
    } catch (error) {
      const delay = delays[retry];
      if (isSessionRefused(error) || delay === undefined || signal?.aborted) throw error;
      await sleep(delay);
      if (signal?.aborted) throw error;
    }
  }
}
