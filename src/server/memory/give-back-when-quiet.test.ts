import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { giveBackWhenQuiet } from './give-back-when-quiet';

const log = pino({ level: 'silent' });

describe('giving freed memory back when the server is quiet', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setUp() {
    const trim = vi.fn(async () => {});
    const memory = giveBackWhenQuiet({ trim, log, quietMs: 2_000, now: () => Date.now() });
    return { trim, memory };
  }

  it('gives back once after starting, then once per quiet spell that follows activity', async () => {
    const { trim, memory } = setUp();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(trim).toHaveBeenCalledTimes(1);
    // Nothing happened since: nothing more was freed, so it does not trim again.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(trim).toHaveBeenCalledTimes(1);

    memory.activity();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(trim).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(trim).toHaveBeenCalledTimes(2);
    memory.close();
  });

  it('never trims while requests keep arriving, and trims once they stop', async () => {
    const { trim, memory } = setUp();
    await vi.advanceTimersByTimeAsync(2_000);
    trim.mockClear();
    // A rush: a request every half second for ten seconds.
    for (let t = 0; t < 10_000; t += 500) {
      memory.activity();
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(trim).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(trim).toHaveBeenCalledTimes(1);
    memory.close();
  });

  it('does nothing after close, and nothing at all where the trim is unavailable', async () => {
    const { trim, memory } = setUp();
    memory.close();
    memory.activity();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(trim).not.toHaveBeenCalled();

    const unavailable = giveBackWhenQuiet({ trim: null, log });
    expect(() => unavailable.activity()).not.toThrow();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('logs a failed trim and keeps serving', async () => {
    const warn = vi.fn();
    const failing = giveBackWhenQuiet({
      trim: async () => {
        throw new Error('no heap');
      },
      log: { ...log, warn, debug: () => {} } as never,
      quietMs: 100,
      now: () => Date.now(),
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(warn).toHaveBeenCalledWith(expect.anything(), 'could not give freed memory back');
    failing.activity();
    await vi.advanceTimersByTimeAsync(100);
    expect(warn).toHaveBeenCalledTimes(2);
    failing.close();
  });
});
