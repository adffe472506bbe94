import { SESSION_REFRESH } from '@domain/limits';

const { tickMs, refreshWhenTicksLeft, firstRetryMs, retryBudgetMs } = SESSION_REFRESH;

/** SPEC §9: refresh once fewer than `refreshWhenTicksLeft` ticks remain before expiry. */
export function shouldRefresh(expiresAtSeconds: number, nowMs: number): boolean {
  return expiresAtSeconds * 1000 - nowMs < tickMs * refreshWhenTicksLeft;
}

/** Waits between refresh attempts: doubling from the first, as long as they fit the budget. */
export function refreshRetryDelays(): number[] {
  const delays: number[] = [];
  let total = 0;
  for (let delay = firstRetryMs; total + delay <= retryBudgetMs; delay *= 2) {
    delays.push(delay);
    total += delay;
  }
  return delays;
}
