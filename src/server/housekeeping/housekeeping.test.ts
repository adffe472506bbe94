// Issue 16/20: the sweep of abandoned uploads runs on a schedule, as a job any instance may run.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildClassroom, submit, uploaded } from '../test/uploads';
import { HOUSEKEEPING, HOUSEKEEPING_JOB, scheduleHousekeeping } from './housekeeping';

const DAY_MS = 24 * 60 * 60 * 1000;
let now = Date.parse('2026-03-02T09:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
  await t.app.ready();
});
afterAll(async () => t?.close());

const housekeepingRuns = () =>
  t.database.db
    .select({ state: jobs.state, run_at: jobs.run_at })
    .from(jobs)
    .where(sql`${jobs.kind} = ${HOUSEKEEPING_JOB}`);

const isStored = async (path: string) => (await t.storage.stat(path)) !== null;

describe('Housekeeping', () => {
  it('is scheduled once when the app starts; later starts (other instances) do not move it', async () => {
    const before = await housekeepingRuns();
    expect(before).toHaveLength(1);
    expect(before[0]?.state).toBe('queued');
    const inMs = (before[0]?.run_at.getTime() ?? 0) - Date.now();
    expect(inMs).toBeGreaterThan(HOUSEKEEPING.firstRunAfterMs - 60_000);
    expect(inMs).toBeLessThanOrEqual(HOUSEKEEPING.firstRunAfterMs);

    await scheduleHousekeeping(t.app.jobs);
    expect(await housekeepingRuns()).toEqual(before);
  });

  it('removes uploads never submitted after a day, keeps submitted and recent ones, prunes old jobs, and schedules the next run', async () => {
    const { student, assignment } = await buildClassroom(t);
    const submitted = await uploaded(t, student, assignment.id);
    expect((await submit(t, student, assignment.id, submitted)).statusCode).toBe(200);
    now += 1000; // keys carry the upload's time: a pinned clock would make them collide
    const abandoned = await uploaded(t, student, assignment.id);
    now += 2 * DAY_MS;
    const recent = await uploaded(t, student, assignment.id);

    // A job finished 31 days ago, and one finished yesterday.
    await t.database.db.insert(jobs).values([
      {
        kind: 'old-work',
        payload: {},
        state: 'done',
        finished_at: new Date(Date.now() - 31 * DAY_MS),
      },
      {
        kind: 'recent-work',
        payload: {},
        state: 'done',
        finished_at: new Date(Date.now() - DAY_MS),
      },
    ]);

    // Make the scheduled run due now, and let the queue run it.
    await t.database.db
      .update(jobs)
      .set({ run_at: new Date(Date.now() - 1000) })
      .where(sql`${jobs.kind} = ${HOUSEKEEPING_JOB} and ${jobs.state} = 'queued'`);
    await t.app.jobs.drain();

    expect(await isStored(abandoned.path)).toBe(false);
    expect(await isStored(submitted.path)).toBe(true);
    expect(await isStored(recent.path)).toBe(true);
    const kinds = (await t.database.db.select({ kind: jobs.kind }).from(jobs)).map((j) => j.kind);
    expect(kinds).not.toContain('old-work');
    expect(kinds).toContain('recent-work');

    const runs = await housekeepingRuns();
    expect(runs.map((run) => run.state).sort()).toEqual(['done', 'queued']);
    const next = runs.find((run) => run.state === 'queued');
    const inMs = (next?.run_at.getTime() ?? 0) - Date.now();
    expect(inMs).toBeGreaterThan(HOUSEKEEPING.intervalMs - 60_000);
    expect(inMs).toBeLessThanOrEqual(HOUSEKEEPING.intervalMs);
  });
});
