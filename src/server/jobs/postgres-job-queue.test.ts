// The job queue against a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is
// set). Several queues on one database stand for several instances.
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import type { JobQueue } from './job-queue';
import { createPostgresJobQueue } from './postgres-job-queue';

let database: TestDatabase;
const queues: JobQueue[] = [];
const warnings: unknown[] = [];
const log = {
  warn: (...args: unknown[]) => void warnings.push(args),
  error: (...args: unknown[]) => void warnings.push(args),
};

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  await database.db.delete(jobs);
  warnings.length = 0;
});
afterAll(() => database.destroy());

function newQueue(options: { concurrency?: number; leaseMs?: number; stopGraceMs?: number } = {}) {
  const queue = createPostgresJobQueue({
    db: database.db,
    log,
    concurrency: options.concurrency ?? 2,
    pollMs: 20,
    leaseMs: options.leaseMs ?? 2000,
    backoffMs: () => 10,
    stopGraceMs: options.stopGraceMs ?? 1000,
  });
  queues.push(queue);
  return queue;
}

const rowOf = async (id: string | null) => {
  const [row] = await database.db
    .select()
    .from(jobs)
    .where(eq(jobs.id, id ?? ''));
  return row;
};

const until = async (check: () => Promise<boolean> | boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('running jobs', () => {
  it('runs an enqueued job once, with its payload, and marks it done', async () => {
    const queue = newQueue();
    const seen: unknown[] = [];
    queue.handle<{ n: number }>('count', async (payload) => void seen.push(payload.n));
    queue.start();
    const id = await queue.enqueue('count', { n: 7 });
    await queue.drain();
    expect(seen).toEqual([7]);
    expect(await rowOf(id)).toMatchObject({ state: 'done', attempts: 1, last_error: null });
  });

  it('absorbs a repeat while a job of the same key waits, and runs one key at a time', async () => {
    const queue = newQueue({ concurrency: 4 });
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    queue.handle('push', async () => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      runs += 1;
      if (runs === 1) await gate;
      active -= 1;
    });
    queue.start();
    expect(await queue.enqueue('push', {}, { key: 'course-1' })).not.toBeNull();
    await until(async () => (await database.db.$count(jobs, eq(jobs.state, 'running'))) === 1);
    // One runs; a second waits; a third is absorbed by the waiting one.
    expect(await queue.enqueue('push', {}, { key: 'course-1' })).not.toBeNull();
    expect(await queue.enqueue('push', {}, { key: 'course-1' })).toBeNull();
    release();
    await queue.drain();
    expect(runs).toBe(2);
    expect(maxActive).toBe(1);
  });

  it('with unlessRunning, absorbs a job whose key is already running', async () => {
    const queue = newQueue();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    queue.handle('grade', () => gate);
    queue.start();
    await queue.enqueue('grade', {}, { key: 'submission-1', unlessRunning: true });
    await until(async () => (await database.db.$count(jobs, eq(jobs.state, 'running'))) === 1);
    expect(await queue.enqueue('grade', {}, { key: 'submission-1', unlessRunning: true })).toBe(
      null,
    );
    release();
    await queue.drain();
    expect(await database.db.$count(jobs)).toBe(1);
  });

  it('with unless, adds nothing while the caller’s condition holds, checked by the insert', async () => {
    const queue = newQueue();
    const before = await database.db.$count(jobs, eq(jobs.kind, 'checked'));
    expect(await queue.enqueue('checked', {}, { key: 'a', unless: sql`1 = 1` })).toBeNull();
    expect(await database.db.$count(jobs, eq(jobs.kind, 'checked'))).toBe(before);
    expect(await queue.enqueue('checked', {}, { key: 'a', unless: sql`1 = 0` })).not.toBeNull();
    expect(await database.db.$count(jobs, eq(jobs.kind, 'checked'))).toBe(before + 1);
  });

  it('with unless, looks again once its insert is made, and takes the job back if it now holds', async () => {
    const queue = newQueue();
    // False for the insert's snapshot and true for the second look (which sees the insert):
    // what a job that another instance claimed or finished while the insert waited on its row
    // looks like on PostgreSQL. Without the second look a second job would be queued.
    const unless = sql`exists (select 1 from ${jobs} where ${jobs.kind} = 'looked-again')`;
    expect(await queue.enqueue('looked-again', {}, { key: 'a', unless })).toBeNull();
    expect(await database.db.$count(jobs, eq(jobs.kind, 'looked-again'))).toBe(0);
  });
});

describe('failures', () => {
  it('retries a failing job and succeeds, keeping the last error until then', async () => {
    const queue = newQueue();
    let calls = 0;
    queue.handle('flaky', async () => {
      calls += 1;
      if (calls < 3) throw new Error(`provider down (${calls})`);
    });
    queue.start();
    const id = await queue.enqueue('flaky', {});
    await until(async () => (await rowOf(id))?.state === 'done');
    expect(calls).toBe(3);
    expect(await rowOf(id)).toMatchObject({ state: 'done', attempts: 3 });
  });

  it('fails for good after its attempts, with the reason, and never makes up a result', async () => {
    const queue = newQueue();
    queue.handle(
      'down',
      async () => {
        throw new Error('The AI provider could not be reached.');
      },
      { maxAttempts: 2 },
    );
    queue.start();
    const id = await queue.enqueue('down', {});
    await until(async () => (await rowOf(id))?.state === 'failed');
    expect(await rowOf(id)).toMatchObject({
      attempts: 2,
      last_error: 'The AI provider could not be reached.',
    });
  });

  it('does not retry what retrying cannot fix', async () => {
    const queue = newQueue();
    let calls = 0;
    queue.handle(
      'no-text',
      async () => {
        calls += 1;
        throw new Error('The PDF has no extractable text.');
      },
      { isRetryable: () => false },
    );
    queue.start();
    const id = await queue.enqueue('no-text', {});
    await until(async () => (await rowOf(id))?.state === 'failed');
    expect(calls).toBe(1);
  });

  it('aborts a job that runs past its timeout and counts it as a failed attempt', async () => {
    const queue = newQueue();
    let sawAbort = false;
    queue.handle(
      'slow',
      (_payload, { signal }) =>
        new Promise<void>((resolve) => {
          signal.addEventListener('abort', () => {
            sawAbort = true;
            resolve();
          });
        }),
      { timeoutMs: 50, maxAttempts: 1 },
    );
    queue.start();
    const id = await queue.enqueue('slow', {});
    await until(async () => (await rowOf(id))?.state === 'failed');
    expect(sawAbort).toBe(true);
    expect((await rowOf(id))?.last_error).toMatch(/timed out/);
  });
});

describe('cancelling', () => {
  it('cancels queued jobs of a group before they run, and aborts a running one', async () => {
    const queue = newQueue({ concurrency: 1 });
    const ran: string[] = [];
    let aborted = false;
    queue.handle<{ name: string }>('grade', (payload, { signal }) => {
      ran.push(payload.name);
      return new Promise<void>((resolve) => {
        signal.addEventListener('abort', () => {
          aborted = true;
          resolve();
        });
      });
    });
    queue.start();
    const group = crypto.randomUUID();
    const first = await queue.enqueue('grade', { name: 'a' }, { group });
    const second = await queue.enqueue('grade', { name: 'b' }, { group });
    await until(async () => (await rowOf(first))?.state === 'running');
    expect(await queue.cancel({ group })).toBe(2);
    await queue.drain();
    expect(ran).toEqual(['a']);
    expect(aborted).toBe(true);
    expect((await rowOf(first))?.state).toBe('cancelled');
    expect((await rowOf(second))?.state).toBe('cancelled');
  });
});

describe('several instances and crashes', () => {
  it('shares the work: every job runs exactly once across two instances', async () => {
    const [one, two] = [newQueue(), newQueue()];
    const runs = new Map<number, number>();
    for (const queue of [one, two]) {
      queue.handle<{ n: number }>('work', async ({ n }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 5));
      });
      queue.start();
    }
    for (let n = 0; n < 30; n += 1) await one!.enqueue('work', { n });
    await until(async () => (await database.db.$count(jobs, eq(jobs.state, 'done'))) === 30);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(runs.size).toBe(30);
  });

  it('runs a job again when its worker died holding it (the lease expired)', async () => {
    // A row as a killed process leaves it: running, leased to nobody alive, lease in the past.
    const [left] = await database.db
      .insert(jobs)
      .values({
        kind: 'recover',
        payload: { n: 1 },
        state: 'running',
        attempts: 1,
        lease_owner: 'crashed-host:1234:dead',
        lease_expires_at: sql`now() - interval '1 second'`,
      })
      .returning({ id: jobs.id });
    const queue = newQueue();
    let ran = 0;
    queue.handle('recover', async () => void (ran += 1));
    queue.start();
    await until(async () => (await rowOf(left!.id))?.state === 'done');
    expect(ran).toBe(1);
    expect((await rowOf(left!.id))?.attempts).toBe(2);
  });

  it('hands its running jobs back when it stops, and another instance finishes them', async () => {
    const first = newQueue({ stopGraceMs: 50 });
    let firstRuns = 0;
    first.handle('long', (_p, { signal }) => {
      firstRuns += 1;
      return new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    });
    first.start();
    const id = await first.enqueue('long', {});
    await until(async () => (await rowOf(id))?.state === 'running');
    await first.stop();
    expect((await rowOf(id))?.state).toBe('queued');

    const second = newQueue();
    second.handle('long', async () => undefined);
    second.start();
    await until(async () => (await rowOf(id))?.state === 'done');
    expect(firstRuns).toBe(1);
    expect((await rowOf(id))?.attempts).toBe(1);
  });
});
