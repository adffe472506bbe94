// Runs at most `max` tasks at once; up to `maxWaiting` more wait their turn, and past that a
// task is refused at once (ConcurrencyLimitError) rather than queued without end.

export class ConcurrencyLimitError extends Error {
  constructor() {
    super('Too many tasks are waiting');
    this.name = 'ConcurrencyLimitError';
  }
}

export interface ConcurrencyLimit {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now (for tests and diagnostics). */
  readonly active: number;
  readonly waiting: number;
}

export function createConcurrencyLimit(max: number, maxWaiting: number): ConcurrencyLimit {
  let active = 0;
  const queue: (() => void)[] = [];

  const release = () => {
    active -= 1;
    const next = queue.shift();
    if (next) {
      active += 1;
      next();
    }
  };

  return {
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    async run(task) {
      if (active >= max) {
        if (queue.length >= maxWaiting) throw new ConcurrencyLimitError();
        await new Promise<void>((resolve) => queue.push(resolve));
      } else {
        active += 1;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
