// Background work behind one interface (DESIGN §12, docs/decisions/010 and 014). The
// implementation keeps jobs as rows in PostgreSQL (PGlite too), so they survive restarts and
// several instances share them; enqueuing code never knows how jobs run.
import type { SQL } from 'drizzle-orm';
import type { Database } from '../db/connect';

export interface JobContext {
  jobId: string;
  /** 1 for the first run, 2 for the first retry… */
  attempt: number;
  /** Aborted when the job times out, is cancelled, or the worker stops. */
  signal: AbortSignal;
}

export type JobHandler<P> = (payload: P, context: JobContext) => Promise<unknown>;

export interface JobKindOptions {
  /** A run longer than this is aborted and counts as a failed attempt. */
  timeoutMs?: number;
  /** Runs at most this many times in all (first run and retries). */
  maxAttempts?: number;
  /** False for a failure that retrying cannot fix (the job fails at once). */
  isRetryable?: (error: unknown) => boolean;
}

export interface EnqueueOptions {
  /**
   * Jobs of one kind and key run one at a time, and a queued job absorbs a new one with the
   * same key (ten quick changes to a course, one knowledge-base push).
   */
  key?: string;
  /** Also absorbed when a job of this kind and key is running now (e.g. one grading per submission). */
  unlessRunning?: boolean;
  /**
   * Not added when this SQL condition holds (e.g. the work is done already). It is checked in
   * the insert's own statement, in one snapshot with `unlessRunning`: a job that finishes
   * between the caller's own reading and the insert is then seen either running or with its
   * work done, never as neither. Both are checked again once the insert has been made, before
   * it is committed: on PostgreSQL the insert may wait on a queued job's row while that job is
   * claimed, and its snapshot predates the claim.
   */
  unless?: SQL;
  /** What the job belongs to, for progress and cancellation (an assignment's grading batch). */
  group?: string;
  /** The user who asked for it. */
  createdBy?: string;
  runAt?: Date;
  /** Enqueue inside this transaction, so the job exists exactly when the write it follows does. */
  db?: Database;
}

/** What is waiting and running across every instance (GET /health reports it). */
export interface JobBacklog {
  /** Queued jobs that are due now. */
  due: number;
  running: number;
  /** How long the oldest due job has waited, in seconds (0 when none). */
  oldestDueSeconds: number;
  failedLastHour: number;
}

export interface JobQueue {
  /** Registers what runs a kind of job; done once, while the app is built. */
  handle<P>(kind: string, handler: JobHandler<P>, options?: JobKindOptions): void;
  /** Adds a job; answers its id, or null when an existing job absorbed it. */
  enqueue<P>(kind: string, payload: P, options?: EnqueueOptions): Promise<string | null>;
  /** Cancels queued and running jobs that match; answers how many. */
  cancel(filter: { kind?: string; group?: string; key?: string }): Promise<number>;
  backlog(): Promise<JobBacklog>;
  /** Deletes finished (done, failed, cancelled) jobs that finished before the date. */
  prune(finishedBefore: Date): Promise<number>;
  /** Starts claiming jobs (call once the app is ready). */
  start(): void;
  /** Stops claiming; waits for running jobs a little, then aborts them (their lease lets
   * another instance take them over). */
  stop(): Promise<void>;
  /** Resolves once no job of a handled kind is due or running here (tests, shutdown). */
  drain(): Promise<void>;
}
