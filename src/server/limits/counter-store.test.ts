import { describe, expect, it } from 'vitest';
import { describeCounterStore } from '../test/counter-store-contract';
import { createMemoryCounterStore } from './counter-store';

function fakeClock() {
  let time = 1_000_000;
  return { now: () => time, advance: async (ms: number) => void (time += ms) };
}

describeCounterStore('memory', async () => {
  const clock = fakeClock();
  const store = createMemoryCounterStore({ now: clock.now });
  return { store, advance: clock.advance, close: () => store.close() };
});

describe('Memory counter store', () => {
  it('holds at most maxKeys: expired keys go first, then the oldest', async () => {
    const clock = fakeClock();
    const store = createMemoryCounterStore({ now: clock.now, maxKeys: 3 });
    await store.increment('short', 100);
    await store.increment('old', 10_000);
    await store.increment('middle', 10_000);
    await clock.advance(200);
    await store.increment('new', 10_000); // room made by dropping the expired key
    expect((await store.get('old')).count).toBe(1);
    await store.increment('newest', 10_000); // full of live keys: the oldest goes
    expect((await store.get('old')).count).toBe(0);
    expect((await store.get('middle')).count).toBe(1);
    expect((await store.get('newest')).count).toBe(1);
  });
});
