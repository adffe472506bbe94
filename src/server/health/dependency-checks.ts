// The dependencies /health reports. The database is asked on every call (a load balancer must
// see it go at once; how each database answers without queueing: db/connect.ts); storage,
// Redis and the job backlog are asked at most every few seconds, one question at a time, so a
// load balancer polling every instance cannot load S3 or the jobs table. Once there is a report,
// a call answers with it and asks again behind it: under load a file call or the job backlog
// can wait hundreds of ms behind the requests it shares a pool with (a deadline rush on
// PostgreSQL: 328 ms), and /health must not (decision 054).
import type { Redis } from 'ioredis';
import type { JobBacklog, JobQueue } from '../jobs/job-queue';
import type { FileStorage } from '../storage/file-storage';

export interface DependencyReport {
  storage: 'ok' | 'down';
  redis: 'ok' | 'down' | 'not configured';
  jobs: JobBacklog | null;
}

const REMEMBER_MS = 5_000;
/** A dependency that does not answer within this is down. */
const CHECK_TIMEOUT_MS = 2_000;

async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function createDependencyChecks({
  storage,
  redis,
  jobs,
}: {
  storage: Pick<FileStorage, 'check'>;
  redis: Pick<Redis, 'ping'> | null;
  jobs: Pick<JobQueue, 'backlog'>;
}): () => Promise<DependencyReport> {
  let last: { at: number; report: DependencyReport } | undefined;
  /** The question in flight, shared by every call while it is open: one at a time. */
  let asking: Promise<DependencyReport> | undefined;

  async function checkAll(): Promise<DependencyReport> {
    const [storageUp, redisUp, backlog] = await Promise.all([
      answers(() => storage.check()),
      redis ? answers(() => redis.ping()) : Promise.resolve(null),
      jobs.backlog().catch(() => null),
    ]);
    return {
      storage: storageUp ? 'ok' : 'down',
      redis: redisUp === null ? 'not configured' : redisUp ? 'ok' : 'down',
      jobs: backlog,
    };
  }

  function ask(): Promise<DependencyReport> {
    asking ??= checkAll().then((report) => {
      last = { at: Date.now(), report };
      asking = undefined;
      return report;
    });
    return asking;
  }

  return async () => {
    // The first call has nothing to answer with but the checks themselves.
    if (!last) return ask();
    if (Date.now() - last.at > REMEMBER_MS) void ask();
    return last.report;
  };
}
