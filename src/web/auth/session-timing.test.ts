import { describe, expect, it } from 'vitest';
import { SESSION_REFRESH } from '@domain/limits';
import { refreshRetryDelays, shouldRefresh } from './session-timing';

describe('shouldRefresh', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);
  const inSeconds = (seconds: number) => now / 1000 + seconds;

  it('leaves a token with plenty of time alone', () => {
    expect(shouldRefresh(inSeconds(3600), now)).toBe(false);
  });

  it('refreshes once fewer than three 30-second ticks remain', () => {
    expect(shouldRefresh(inSeconds(90), now)).toBe(false);
    expect(shouldRefresh(inSeconds(89), now)).toBe(true);
  });

  it('refreshes a token that has already expired', () => {
    expect(shouldRefresh(inSeconds(-5), now)).toBe(true);
  });
});

describe('refreshRetryDelays', () => {
  it('starts at 200 ms and doubles', () => {
    expect(refreshRetryDelays()).toEqual([200, 400, 800, 1600, 3200, 6400, 12800]);
  });

  it('stays within the 30-second budget', () => {
    const total = refreshRetryDelays().reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeLessThanOrEqual(SESSION_REFRESH.retryBudgetMs);
  });
});
