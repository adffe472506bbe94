// What every counter store must do (src/server/limits/counter-store.ts), run against the
// memory store and against real Redis, as the storage contract is run against both drivers.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CounterStore } from '../limits/counter-store';

export interface CounterStoreUnderTest {
  store: CounterStore;
  /** Lets `ms` pass (a fake clock, or real time for Redis: keep windows short). */
  advance(ms: number): Promise<void>;
  close(): Promise<void>;
}

const WINDOW_MS = 400;

export function describeCounterStore(name: string, make: () => Promise<CounterStoreUnderTest>) {
  describe(`Counter store contract: ${name}`, () => {
    let subject: CounterStoreUnderTest;
    beforeEach(async () => {
      subject = await make();
    });
    afterEach(async () => subject.close());

    it('counts up within a window, per key, and forgets the count when the window ends', async () => {
      const { store, advance } = subject;
      expect((await store.increment('a', WINDOW_MS)).count).toBe(1);
      expect((await store.increment('a', WINDOW_MS)).count).toBe(2);
      expect((await store.increment('b', WINDOW_MS)).count).toBe(1);
      const counted = await store.get('a');
      expect(counted.count).toBe(2);
      expect(counted.ttlMs).toBeGreaterThan(0);
      expect(counted.ttlMs).toBeLessThanOrEqual(WINDOW_MS);
      await advance(WINDOW_MS + 100);
      expect(await store.get('a')).toEqual({ count: 0, ttlMs: 0 });
      expect((await store.increment('a', WINDOW_MS)).count).toBe(1);
    });

    it('a fixed window does not move with each event; a renewed one starts again', async () => {
      const { store, advance } = subject;
      await store.increment('fixed', WINDOW_MS);
      await store.increment('renewed', WINDOW_MS, { renew: true });
      await advance(WINDOW_MS * 0.6);
      await store.increment('fixed', WINDOW_MS);
      await store.increment('renewed', WINDOW_MS, { renew: true });
      await advance(WINDOW_MS * 0.6);
      expect((await store.get('fixed')).count).toBe(0);
      expect((await store.get('renewed')).count).toBe(2);
    });

    it('a held key exists for its time only, and removing keys forgets them at once', async () => {
      const { store, advance } = subject;
      await store.hold('lock', WINDOW_MS);
      await store.increment('count', WINDOW_MS * 10);
      expect((await store.get('lock')).ttlMs).toBeGreaterThan(0);
      await advance(WINDOW_MS + 100);
      expect((await store.get('lock')).ttlMs).toBe(0);
      await store.hold('lock', WINDOW_MS * 10);
      await store.remove('lock', 'count', 'never-existed');
      expect(await store.get('lock')).toEqual({ count: 0, ttlMs: 0 });
      expect(await store.get('count')).toEqual({ count: 0, ttlMs: 0 });
    });
  });
}
