// Housekeeping on a schedule, as a job on the jobs queue (docs/decisions/014), so that with
// several instances it runs once per interval on whichever is free, never twice at once (one
// key), and survives restarts (the next run is a row). Each run removes what nothing points to:
// uploads never submitted (older than a day), what crashed uploads left half-written, and
// finished jobs past their keep time. On PGlite it also does autovacuum's work (statistics).
import type { ServiceDeps } from '../deps';
import { sweepOrphanUploads } from '../files/orphan-uploads';
import type { JobQueue } from '../jobs/job-queue';

export const HOUSEKEEPING_JOB = 'housekeeping';
const KEY = 'every-instance';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const HOUSEKEEPING = {
  /** Time between runs. */
  intervalMs: HOUR_MS,
  /** The first run after an instance starts (when none is scheduled yet). */
  firstRunAfterMs: 10 * MINUTE_MS,
  /** A half-written upload older than this belongs to a crashed request, not a slow one. */
  incompleteUploadAgeMs: HOUR_MS,
  /** Finished jobs (a class's grading batch and its failures) are kept this long. */
  finishedJobsKeptMs: 30 * DAY_MS,
};

export interface HousekeepingOptions {
  /** The database's own upkeep (DatabaseHandle.refreshStatistics). */
  refreshStatistics?: () => Promise<void>;
}

export interface HousekeepingReport {
  orphanUploads: number;
  incompleteUploads: number;
  finishedJobs: number;
}

/** One run: what the scheduled job does. */
export async function runHousekeeping(
  deps: ServiceDeps,
  options: HousekeepingOptions = {},
): Promise<HousekeepingReport> {
  const { storage, jobs, clock } = deps;
  // The request timeout bounds an upload in progress: anything older crashed.
  const incompleteAge = Math.max(
    HOUSEKEEPING.incompleteUploadAgeMs,
    2 * deps.config.timeouts.requestMs,
  );
  const incompleteUploads = await storage.sweepIncomplete({ olderThanMs: incompleteAge });
  const orphanUploads = (await sweepOrphanUploads(deps, { now: clock() })).length;
  const finishedJobs = await jobs.prune(new Date(Date.now() - HOUSEKEEPING.finishedJobsKeptMs));
  // Last, so that it counts what the sweeps just removed.
  await options.refreshStatistics?.();
  return { orphanUploads, incompleteUploads, finishedJobs };
}

const scheduleNext = (jobs: JobQueue, afterMs: number) =>
  jobs.enqueue(HOUSEKEEPING_JOB, {}, { key: KEY, runAt: new Date(Date.now() + afterMs) });

export function registerHousekeeping(
  jobs: JobQueue,
  deps: ServiceDeps,
  options: HousekeepingOptions = {},
) {
  jobs.handle(
    HOUSEKEEPING_JOB,
    async () => {
      // The next run first, so that a failing run does not end the schedule.
      await scheduleNext(jobs, HOUSEKEEPING.intervalMs);
      const report = await runHousekeeping(deps, options);
      if (report.orphanUploads + report.incompleteUploads + report.finishedJobs > 0) {
        deps.log.info(report, 'housekeeping removed what nothing points to');
      }
    },
    { maxAttempts: 2, timeoutMs: 30 * MINUTE_MS },
  );
}

/**
 * Makes sure a run is scheduled: a queued run (from this or another instance, before a
 * restart) absorbs this one, so restarts never move the schedule.
 */
export async function scheduleHousekeeping(jobs: JobQueue): Promise<void> {
  await scheduleNext(jobs, HOUSEKEEPING.firstRunAfterMs);
}
