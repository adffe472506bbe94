// Failed sign-ins per account: the first `freeFailures` in a window cost nothing; from then on
// each failure locks the account for twice as long as the one before (30 s, 1 min, 2 min…,
// never more than the window). A success clears the count; successes are never counted.
// Kept in a counter store: the failures as a counter whose window restarts with each failure,
// the lock as a key that exists while it lasts.
import type { CounterStore } from './counter-store';

export interface AccountBackoff {
  /** Milliseconds the account must still wait (0 when it may try now). */
  lockedForMs(account: string): Promise<number>;
  recordFailure(account: string): Promise<void>;
  recordSuccess(account: string): Promise<void>;
}

const FIRST_LOCK_MS = 30_000;

export function createAccountBackoff(
  store: CounterStore,
  { freeFailures, windowMs }: { freeFailures: number; windowMs: number },
): AccountBackoff {
  const failuresKey = (account: string) => `sign-in-failures:${account}`;
  const lockKey = (account: string) => `sign-in-lock:${account}`;
  return {
    lockedForMs: async (account) => (await store.get(lockKey(account))).ttlMs,
    async recordFailure(account) {
      // Forgotten once a whole window passes without a failure.
      const { count } = await store.increment(failuresKey(account), windowMs, { renew: true });
      const over = count - freeFailures;
      if (over >= 0) {
        await store.hold(
          lockKey(account),
          Math.min(FIRST_LOCK_MS * 2 ** Math.min(over, 20), windowMs),
        );
      }
    },
    recordSuccess: (account) => store.remove(failuresKey(account), lockKey(account)),
  };
}
