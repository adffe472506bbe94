// Where abuse-limit counters live (docs/decisions/025): this process's memory by default, or
// Redis (REDIS_URL) so that several instances count together. Two primitives cover every
// limit: a counter in a fixed window, and a key that exists for a while (a lock).

export interface Counted {
  count: number;
  /** Milliseconds until the key expires (0 when it does not exist). */
  ttlMs: number;
}

export interface CounterStore {
  /** Adds one; a new key starts a window of `windowMs`. With `renew`, every add restarts it. */
  increment(key: string, windowMs: number, options?: { renew?: boolean }): Promise<Counted>;
  get(key: string): Promise<Counted>;
  /** Makes the key exist for `ttlMs` (a lock). */
  hold(key: string, ttlMs: number): Promise<void>;
  remove(...keys: string[]): Promise<void>;
  close(): Promise<void>;
}

interface Entry {
  count: number;
  expiresAt: number;
}

/** In memory, bounded: expired keys go first, then the oldest, past `maxKeys`. */
export function createMemoryCounterStore({
  now,
  maxKeys = 200_000,
}: {
  now: () => number;
  maxKeys?: number;
}): CounterStore {
  const entries = new Map<string, Entry>();

  function live(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function makeRoom() {
    if (entries.size < maxKeys) return;
    const time = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key);
    for (const key of entries.keys()) {
      if (entries.size < maxKeys) break;
      entries.delete(key);
    }
  }

  const counted = (entry: Entry | undefined): Counted =>
    entry
      ? { count: entry.count, ttlMs: Math.max(entry.expiresAt - now(), 0) }
      : { count: 0, ttlMs: 0 };

  return {
    async increment(key, windowMs, { renew = false } = {}) {
      let entry = live(key);
      if (!entry) {
        makeRoom();
        entry = { count: 0, expiresAt: now() + windowMs };
        entries.set(key, entry);
      }
      entry.count += 1;
      if (renew) entry.expiresAt = now() + windowMs;
      return counted(entry);
    },
    get: async (key) => counted(live(key)),
    async hold(key, ttlMs) {
      makeRoom();
      entries.set(key, { count: 1, expiresAt: now() + ttlMs });
    },
    async remove(...keys) {
      for (const key of keys) entries.delete(key);
    },
    close: async () => entries.clear(),
  };
}
