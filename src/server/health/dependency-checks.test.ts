// How /health's slower questions (storage, Redis, the job backlog) are asked: at most every few
// seconds, and once there is a report, never in the way of the answer.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDependencyChecks } from './dependency-checks';

function controllableStorage() {
  let release: (() => void) | undefined;
  let fail = false;
  const storage = {
    calls: 0,
    check: vi.fn(async () => {
      storage.calls += 1;
      if (storage.slow) await new Promise<void>((resolve) => (release = resolve));
      if (fail) throw new Error('disk gone');
    }),
    slow: false,
    failFromNowOn: () => (fail = true),
    release: () => release?.(),
  };
  return storage;
}

const noJobs = { backlog: async () => ({ due: 0, running: 0, failed: 0 }) };

afterEach(() => vi.useRealTimers());

describe('the dependencies /health reports', () => {
  it('asks at most every 5 s, and after that answers with the last report while it asks again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T10:00:00Z'));
    const storage = controllableStorage();
    const dependencies = createDependencyChecks({ storage, redis: null, jobs: noJobs as never });

    expect((await dependencies()).storage).toBe('ok');
    vi.setSystemTime(new Date('2026-11-28T10:00:04Z'));
    expect((await dependencies()).storage).toBe('ok');
    expect(storage.calls).toBe(1);

    // The storage has failed and answers slowly: the next call after 5 s is not held by it.
    storage.failFromNowOn();
    storage.slow = true;
    vi.setSystemTime(new Date('2026-11-28T10:00:06Z'));
    const answered = await Promise.race([
      dependencies(),
      new Promise((resolve) => setTimeout(() => resolve('held'), 200)),
    ]);
    expect(answered).toMatchObject({ storage: 'ok' });
    expect(storage.calls).toBe(2);
    // Calls while the question is open do not ask again.
    await dependencies();
    expect(storage.calls).toBe(2);

    // Its answer is what the following calls report.
    storage.release();
    await vi.waitFor(async () => expect((await dependencies()).storage).toBe('down'));
    expect(storage.calls).toBe(2);
  });

  it('waits for the checks on the first call, which has no report to give', async () => {
    const storage = controllableStorage();
    storage.failFromNowOn();
    const dependencies = createDependencyChecks({ storage, redis: null, jobs: noJobs as never });
    expect(await dependencies()).toEqual({
      storage: 'down',
      redis: 'not configured',
      jobs: { due: 0, running: 0, failed: 0 },
    });
  });
});
