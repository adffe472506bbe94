import { describe, expect, it } from 'vitest';
import { ApiError } from '@web/lib/api-error';
import { refreshWithRetry } from './refresh-with-retry';

function failingTimes(failures: number, error: unknown = new TypeError('Failed to fetch')) {
  let calls = 0;
  const attempt = async () => {
    calls += 1;
    if (calls <= failures) throw error;
    return 'session';
  };
  return { attempt, calls: () => calls };
}

describe('refreshWithRetry', () => {
  it('waits out each delay in turn until an attempt succeeds', async () => {
    const slept: number[] = [];
    const { attempt, calls } = failingTimes(2);
    const result = await refreshWithRetry(attempt, {
      delays: [200, 400, 800],
      sleep: async (ms) => void slept.push(ms),
    });
    expect(result).toBe('session');
    expect(calls()).toBe(3);
    expect(slept).toEqual([200, 400]);
  });

  it('gives up with the last error once the delays run out', async () => {
    const { attempt, calls } = failingTimes(10);
    await expect(
      refreshWithRetry(attempt, { delays: [1, 2], sleep: async () => undefined }),
    ).rejects.toThrow('Failed to fetch');
    expect(calls()).toBe(3);
  });

  it('does not retry when the server refuses the session', async () => {
    const refused = new ApiError(401, 'UNAUTHORIZED', 'Your session has ended.');
    const { attempt, calls } = failingTimes(10, refused);
    await expect(
      refreshWithRetry(attempt, { delays: [1, 2], sleep: async () => undefined }),
    ).rejects.toBe(refused);
    expect(calls()).toBe(1);
  });

  it('stops retrying once aborted', async () => {
    const controller = new AbortController();
    const { attempt, calls } = failingTimes(10);
    await expect(
      refreshWithRetry(attempt, {
        delays: [1, 2, 3],
        signal: controller.signal,
        sleep: async () => controller.abort(),
      }),
    ).rejects.toThrow('Failed to fetch');
    expect(calls()).toBe(1);
  });
});
