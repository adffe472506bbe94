// Counts events per key in fixed windows, in a counter store (memory, or Redis shared by
// every instance: docs/decisions/025).
import type { CounterStore } from './counter-store';

export interface WindowCounter {
  /** Events counted for the key in its current window. */
  count(key: string): Promise<number>;
  /** Counts one event; answers the new count. */
  add(key: string): Promise<number>;
  /** Milliseconds until the key's window ends (0 when it has none). */
  retryAfterMs(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export function createWindowCounter(
  store: CounterStore,
  { name, windowMs }: { name: string; windowMs: number },
): WindowCounter {
  const keyOf = (key: string) => `${name}:${key}`;
  return {
    count: async (key) => (await store.get(keyOf(key))).count,
    add: async (key) => (await store.increment(keyOf(key), windowMs)).count,
    retryAfterMs: async (key) => (await store.get(keyOf(key))).ttlMs,
    reset: (key) => store.remove(keyOf(key)),
  };
}
