// Jobs as rows in the database (DESIGN §12, docs/decisions/014), on PGlite and PostgreSQL
// alike. A worker claims due jobs with FOR UPDATE SKIP LOCKED and holds each under a lease it
// renews while the job runs; a job whose lease expired (its worker crashed) is claimed again
// by any instance. Failures are retried with exponential backoff up to a kind's maximum;
// cancelled jobs are aborted at the next lease renewal (at once on this instance).
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/connect';
import type { Transaction } from '../db/prepared';
import { jobs } from '../db/schema';
import type { EnqueueOptions, JobHandler, JobKindOptions, JobQueue } from './job-queue';

export interface PostgresJobQueueOptions {
  db: Database;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Jobs this instance runs at once (JOB_CONCURRENCY). */
  concurrency: number;
  /** How often an idle worker looks for due jobs (and for jobs other instances enqueued). */
  pollMs?: number;
  /** How long a claim holds without renewal; renewed every third of it while the job runs. */
  leaseMs?: number;
  /** Wait before retry number `attempt` (1 = the first retry). */
  backoffMs?: (attempt: number) => number;
  /** How long stop() lets running jobs finish before aborting them. */
  stopGraceMs?: number;
}

const DEFAULTS = {
  pollMs: 1000,
  leaseMs: 30_000,
  stopGraceMs: 5_000,
  timeoutMs: 5 * 60_000,
  maxAttempts: 3,
};

/** 1 s, 2 s, 4 s… up to a minute, each with up to half of it as jitter. */
export const exponentialBackoff = (attempt: number) => {
  const base = Math.min(60_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base / 2 + (Math.random() * base) / 2);
};

interface ClaimedJob {
  id: string;
  kind: string;
  payload: unknown;
  key: string | null;
  group_id: string | null;
  attempts: number;
  max_attempts: number;
}

interface Running {
  job: ClaimedJob;
  controller: AbortController;
  done: Promise<void>;
}

/** Why a running job was aborted from outside its handler. */
class Interruption extends Error {
  constructor(
    readonly reason: 'cancelled' | 'timeout' | 'stopping',
    message: string,
  ) {
    super(message);
    this.name = 'Interruption';
  }
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export function createPostgresJobQueue(options: PostgresJobQueueOptions): JobQueue {
  const { db, log } = options;
  const pollMs = options.pollMs ?? DEFAULTS.pollMs;
  const leaseMs = options.leaseMs ?? DEFAULTS.leaseMs;
  const backoffMs = options.backoffMs ?? exponentialBackoff;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const handlers = new Map<string, { handler: JobHandler<unknown>; options: JobKindOptions }>();
  const running = new Map<string, Running>();
  let started = false;
  let stopping = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let renewTimer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;

  const handledKinds = () =>
    sql.join(
      [...handlers.keys()].map((kind) => sql`${kind}`),
      sql`, `,
    );

  /**
   * A job (`j`) this instance could take now: queued and due, or its lease run out, and no
   * other job of its key running.
   */
  const due = () => sql`j.kind in (${handledKinds()})
    and ((j.state = 'queued' and j.run_at <= now())
      or (j.state = 'running' and j.lease_expires_at < now()))
    and (j.key is null or not exists (
      select 1 from ${jobs} r
      where r.kind = j.kind and r.key = j.key and r.id <> j.id
        and r.state = 'running' and r.lease_expires_at >= now()))`;

  /**
   * Whether any job is due, asked with a plain read. Most polls find nothing, and the claim
   * below is a write however little it finds: on PGlite every write ends the answers
   * prepared.ts keeps, so an idle server forgot them at every poll (decision 040).
   */
  async function anyDue(): Promise<boolean> {
    const result = await db.execute(
      sql`select exists (select 1 from ${jobs} j where ${due()}) as due`,
    );
    return rowsOf<{ due: boolean }>(result)[0]?.due === true;
  }

  async function claim(limit: number): Promise<ClaimedJob[]> {
    const result = await db.execute(sql`
      with next as (
        select j.id from ${jobs} j
        where ${due()}
        order by j.run_at, j.created_at
        limit ${limit}
        for update skip locked
      )
      update ${jobs} set
        state = 'running',
        attempts = ${jobs.attempts} + 1,
        lease_owner = ${owner},
        lease_expires_at = now() + ${leaseMs} * interval '1 millisecond',
        started_at = coalesce(${jobs.started_at}, now()),
        updated_at = now()
      from next where ${jobs.id} = next.id
      returning ${jobs.id} as id, ${jobs.kind} as kind, ${jobs.payload} as payload,
        ${jobs.key} as key, ${jobs.group_id} as group_id, ${jobs.attempts} as attempts,
        ${jobs.max_attempts} as max_attempts`);
    const claimed = rowsOf<ClaimedJob>(result);
    // Two due jobs of one key (a retry and a new one) may be claimed together: run one.
    const seen = new Set<string>();
    const runnable: ClaimedJob[] = [];
    for (const job of claimed) {
      const slot = job.key === null ? null : `${job.kind}:${job.key}`;
      if (slot && seen.has(slot)) await release(job, { countAttempt: false });
      else {
        if (slot) seen.add(slot);
        runnable.push(job);
      }
    }
    return runnable;
  }

  /** Ours again for nobody: back to the queue, due now. */
  async function release(job: ClaimedJob, { countAttempt }: { countAttempt: boolean }) {
    await db.execute(sql`
      update ${jobs} set state = 'queued', lease_owner = null, lease_expires_at = null,
        attempts = ${jobs.attempts} - ${countAttempt ? 0 : 1}, run_at = now(), updated_at = now()
      where ${jobs.id} = ${job.id} and ${jobs.lease_owner} = ${owner} and ${jobs.state} = 'running'`);
  }

  /**
   * Ends our claim. A finished job keeps `lease_owner`, so an operator (and the several-instance
   * test) can see which instance finished it; a job queued for a retry is nobody's.
   */
  async function settle(job: ClaimedJob, set: SQL, { finished }: { finished: boolean }) {
    await db.execute(sql`
      update ${jobs} set ${set}, lease_expires_at = null, updated_at = now(),
        lease_owner = ${finished ? owner : null}
      where ${jobs.id} = ${job.id} and ${jobs.lease_owner} = ${owner} and ${jobs.state} = 'running'`);
  }

  async function runJob(job: ClaimedJob, controller: AbortController) {
    const entry = handlers.get(job.kind);
    if (!entry) return release(job, { countAttempt: false });
    const maxAttempts = job.max_attempts;
    if (job.attempts > maxAttempts) {
      return settle(
        job,
        sql`state = 'failed', finished_at = now(), last_error = ${'The job was interrupted too often (its worker stopped or crashed).'}`,
        { finished: true },
      );
    }
    const timeoutMs = entry.options.timeoutMs ?? DEFAULTS.timeoutMs;
    const timer = setTimeout(
      () =>
        controller.abort(new Interruption('timeout', `The job timed out after ${timeoutMs} ms.`)),
      timeoutMs,
    );
    try {
      await entry.handler(job.payload, {
        jobId: job.id,
        attempt: job.attempts,
        signal: controller.signal,
      });
      if (controller.signal.aborted) throw controller.signal.reason;
      await settle(job, sql`state = 'done', finished_at = now(), last_error = null`, {
        finished: true,
      });
    } catch (caught) {
      const reason = controller.signal.aborted ? controller.signal.reason : caught;
      if (reason instanceof Interruption && reason.reason === 'cancelled') return;
      if (reason instanceof Interruption && reason.reason === 'stopping') {
        return release(job, { countAttempt: false });
      }
      const message = errorMessage(reason);
      const retryable =
        reason instanceof Interruption || (entry.options.isRetryable?.(reason) ?? true);
      if (retryable && job.attempts < maxAttempts) {
        await settle(
          job,
          sql`state = 'queued', run_at = now() + ${backoffMs(job.attempts)} * interval '1 millisecond', last_error = ${message}`,
          { finished: false },
        );
      } else {
        log.warn({ err: reason, kind: job.kind, jobId: job.id }, 'background job failed');
        await settle(job, sql`state = 'failed', finished_at = now(), last_error = ${message}`, {
          finished: true,
        });
      }
    } finally {
      clearTimeout(timer);
    }
  }

  function launch(job: ClaimedJob) {
    const controller = new AbortController();
    const done = runJob(job, controller)
      .catch((error: unknown) => {
        log.error({ err: error, kind: job.kind, jobId: job.id }, 'job bookkeeping failed');
      })
      .finally(() => {
        running.delete(job.id);
        if (!stopping) void tick();
      });
    running.set(job.id, { job, controller, done });
  }

  function tick(): Promise<void> {
    ticking ??= (async () => {
      try {
        const free = options.concurrency - running.size;
        if (free <= 0 || handlers.size === 0 || stopping || !(await anyDue())) return;
        for (const job of await claim(free)) launch(job);
      } catch (error) {
        log.warn({ err: error }, 'job queue: could not claim jobs');
      }
    })().finally(() => {
      ticking = undefined;
      schedulePoll();
    });
    return ticking;
  }

  function schedulePoll() {
    if (!started || stopping) return;
    clearTimeout(pollTimer);
    pollTimer = setTimeout(() => void tick(), pollMs);
    pollTimer.unref();
  }

  /** Keeps our leases; a job whose row is no longer ours (cancelled) is aborted. */
  async function renewLeases() {
    if (running.size === 0) return;
    const ids = [...running.keys()];
    const result = await db.execute(sql`
      update ${jobs} set lease_expires_at = now() + ${leaseMs} * interval '1 millisecond'
      where ${jobs.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and ${jobs.lease_owner} = ${owner} and ${jobs.state} = 'running'
      returning ${jobs.id} as id`);
    const kept = new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
    for (const id of ids) {
      if (!kept.has(id)) {
        running.get(id)?.controller.abort(new Interruption('cancelled', 'The job was cancelled.'));
      }
    }
  }

  async function hasDueWork(): Promise<boolean> {
    if (handlers.size === 0) return false;
    const result = await db.execute(sql`
      select 1 as due from ${jobs}
      where ${jobs.kind} in (${handledKinds()})
        and ((${jobs.state} = 'queued' and ${jobs.run_at} <= now())
          or (${jobs.state} = 'running' and ${jobs.lease_owner} = ${owner}))
      limit 1`);
    return rowsOf(result).length > 0;
  }

  const enqueuing = new Set<Promise<unknown>>();

  async function insertJob(kind: string, payload: unknown, enqueueOptions: EnqueueOptions) {
    const {
      key = null,
      group = null,
      createdBy = null,
      runAt,
      unlessRunning = false,
      unless = sql`false`,
    } = enqueueOptions;
    const maxAttempts = handlers.get(kind)?.options.maxAttempts ?? DEFAULTS.maxAttempts;
    /** With `unlessRunning`: a job of this kind and key runs now (other than `except`). */
    const runningAlready = (except: SQL = sql`null`) =>
      unlessRunning && key !== null
        ? sql`exists (select 1 from ${jobs} where ${jobs.kind} = ${kind} and ${jobs.key} = ${key} and ${jobs.state} = 'running' and ${jobs.id} is distinct from ${except})`
        : sql`false`;
    const conditional = unlessRunning || enqueueOptions.unless !== undefined;
    const insert = async (runner: Database | Transaction) => {
      const [row] = rowsOf<{ id: string }>(
        await runner.execute(sql`
          insert into ${jobs} (kind, payload, key, group_id, created_by, run_at, max_attempts)
          select ${kind}, ${JSON.stringify(payload)}::jsonb, ${key}, ${group}, ${createdBy},
            coalesce(${runAt?.toISOString() ?? null}::timestamptz, now()), ${maxAttempts}
          where not ${runningAlready()} and not (${unless})
          on conflict (kind, key) where state = 'queued' and key is not null do nothing
          returning id`),
      );
      if (!row || !conditional) return row?.id ?? null;
      // A second look, in a new snapshot (PostgreSQL's read committed): the insert waits on a
      // queued job's row while another instance claims it, then inserts because the claimed
      // row has left the queued index, though its own snapshot still saw that job queued. Not
      // yet committed, the new job is taken back if the first one now runs or did the work.
      const [taken] = rowsOf(
        await runner.execute(sql`
          delete from ${jobs}
          where ${jobs.id} = ${row.id} and ${jobs.state} = 'queued' and (${runningAlready(sql`${row.id}`)} or (${unless}))
          returning id`),
      );
      return taken ? null : row.id;
    };
    // The insert and its second look are one transaction: the caller's, or one of their own.
    const id =
      enqueueOptions.db || !conditional
        ? await insert(enqueueOptions.db ?? db)
        : await db.transaction(insert);
    if (id && started && !enqueueOptions.db) setImmediate(() => void tick());
    return id;
  }

  return {
    handle(kind, handler, kindOptions = {}) {
      if (handlers.has(kind)) throw new Error(`Job kind "${kind}" already has a handler`);
      handlers.set(kind, { handler: handler as JobHandler<unknown>, options: kindOptions });
    },

    enqueue(kind, payload, enqueueOptions: EnqueueOptions = {}) {
      // Callers may enqueue without waiting (a change listener); drain() still waits for it.
      const inserting = insertJob(kind, payload, enqueueOptions);
      enqueuing.add(inserting);
      void inserting.finally(() => enqueuing.delete(inserting)).catch(() => {});
      return inserting;
    },

    async cancel(filter) {
      const conditions = [
        filter.kind === undefined ? undefined : sql`${jobs.kind} = ${filter.kind}`,
        filter.group === undefined ? undefined : sql`${jobs.group_id} = ${filter.group}`,
        filter.key === undefined ? undefined : sql`${jobs.key} = ${filter.key}`,
      ].filter((condition): condition is SQL => condition !== undefined);
      if (conditions.length === 0) throw new Error('cancel() needs a kind, a group or a key');
      const result = await db.execute(sql`
        update ${jobs} set state = 'cancelled', finished_at = now(), lease_owner = null,
          lease_expires_at = null, last_error = 'Cancelled.', updated_at = now()
        where ${jobs.state} in ('queued', 'running') and ${sql.join(conditions, sql` and `)}
        returning ${jobs.id} as id`);
      const cancelled = rowsOf<{ id: string }>(result).map((row) => row.id);
      for (const id of cancelled) {
        running.get(id)?.controller.abort(new Interruption('cancelled', 'The job was cancelled.'));
      }
      return cancelled.length;
    },

    async backlog() {
      const result = await db.execute(sql`
        select
          count(*) filter (where state = 'queued' and run_at <= now())::int as due,
          count(*) filter (where state = 'running')::int as running,
          coalesce(extract(epoch from now() - min(run_at) filter (
            where state = 'queued' and run_at <= now())), 0)::float as oldest_due_seconds,
          count(*) filter (where state = 'failed' and finished_at > now() - interval '1 hour')::int
            as failed_last_hour
        from ${jobs}
        where state in ('queued', 'running')
          or (state = 'failed' and finished_at > now() - interval '1 hour')`);
      const [row] = rowsOf<{
        due: number;
        running: number;
        oldest_due_seconds: number;
        failed_last_hour: number;
      }>(result);
      return {
        due: Number(row?.due ?? 0),
        running: Number(row?.running ?? 0),
        oldestDueSeconds: Math.round(Number(row?.oldest_due_seconds ?? 0)),
        failedLastHour: Number(row?.failed_last_hour ?? 0),
      };
    },

    async prune(finishedBefore) {
      const result = await db.execute(sql`
        delete from ${jobs}
        where ${jobs.state} in ('done', 'failed', 'cancelled')
          and ${jobs.finished_at} < ${finishedBefore.toISOString()}::timestamptz
        returning ${jobs.id} as id`);
      return rowsOf(result).length;
    },

    start() {
      if (started) return;
      started = true;
      stopping = false;
      renewTimer = setInterval(
        () => {
          renewLeases().catch((error: unknown) => {
            log.warn({ err: error }, 'job queue: could not renew leases');
          });
        },
        Math.max(50, Math.floor(leaseMs / 3)),
      );
      renewTimer.unref();
      void tick();
    },

    async stop() {
      stopping = true;
      started = false;
      clearTimeout(pollTimer);
      clearInterval(renewTimer);
      await ticking;
      const grace = new Promise((resolve) => {
        setTimeout(resolve, options.stopGraceMs ?? DEFAULTS.stopGraceMs).unref();
      });
      const all = Promise.allSettled([...running.values()].map((entry) => entry.done));
      if ((await Promise.race([all.then(() => 'done'), grace])) !== 'done') {
        for (const entry of running.values()) {
          entry.controller.abort(new Interruption('stopping', 'The worker is stopping.'));
        }
        await all;
      }
    },

    async drain() {
      for (;;) {
        await Promise.allSettled([...enqueuing]);
        await tick();
        if (running.size > 0) {
          await Promise.race([...running.values()].map((entry) => entry.done));
          continue;
        }
        if (!(await hasDueWork())) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 2000) || 'The job failed.';
}
