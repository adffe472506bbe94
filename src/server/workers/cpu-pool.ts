// The worker-thread pool for CPU-heavy work (piscina; docs/decisions/022): PDF text extraction
// and offline grading run here, never on the event loop. Threads start on demand and end when
// idle (the grader's language model and a hostile PDF's memory go with them); a task that
// overruns its time or the memory budget is aborted, which terminates its thread, and the
// pool starts a fresh one for the next task.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

/** A task's error, as it crosses the thread boundary: a plain object with its name and fields. */
export interface TaskFailure {
  failed: true;
  name: string;
  message: string;
  reason?: string;
}

/** How long a thread with nothing to do lives, unless the pool is told otherwise. */
export const THREAD_IDLE_TIMEOUT_MS = 30_000;

export interface CpuPoolOptions {
  /** The worker module (its default export runs one task). */
  filename: URL;
  /** Threads at most (CPU_WORKERS); queued tasks wait for a free one. */
  maxThreads?: number;
  /** A thread with nothing to do for this long ends, giving its memory back. */
  idleTimeoutMs?: number;
  /** V8 heap limit per thread. */
  maxHeapMb?: number;
  /** Told when a thread ends (idle, aborted or closed): what it held has been freed. */
  onThreadEnded?: () => void;
  /** The nice value each thread sets itself to when it starts (thread-priority.ts); 0: none. */
  threadNice?: number;
}

/** What a worker thread is given when it starts (piscina's workerData). */
export interface CpuWorkerData {
  threadNice: number;
}

export interface CpuPool<Task = unknown> {
  /** How many tasks run at once (the pool's threads). */
  readonly threads: number;
  run<T>(task: Task, options?: { signal?: AbortSignal; transfer?: ArrayBuffer[] }): Promise<T>;
  /**
   * Starts a thread with `task` when none is running, so that work expected soon finds one
   * ready, and says whether it did; does nothing while one runs. Never waits and never throws:
   * a warm-up that fails is told to `onFailed` (the next task then starts its own thread).
   */
  warmUp(task: Task, onFailed?: (error: unknown) => void): boolean;
  close(): Promise<void>;
}

/** A task's own error, rebuilt on this side of the thread boundary. */
export class CpuTaskError extends Error {
  constructor(readonly failure: TaskFailure) {
    super(failure.message);
    this.name = failure.name;
  }
}

function isFailure(result: unknown): result is TaskFailure {
  return typeof result === 'object' && result !== null && (result as TaskFailure).failed === true;
}

export function createCpuPool<Task>(options: CpuPoolOptions): CpuPool<Task> {
  // Running from TypeScript sources (tsx, tests), the worker loads them through tsx too; the
  // compiled server runs the compiled worker with no loader.
  const fromSource = options.filename.pathname.endsWith('.ts');
  const threads = options.maxThreads ?? Math.max(1, Math.min(2, availableParallelism()));
  const pool = new Piscina({
    filename: options.filename.href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: options.idleTimeoutMs ?? THREAD_IDLE_TIMEOUT_MS,
    resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 512 },
    workerData: { threadNice: options.threadNice ?? 0 } satisfies CpuWorkerData,
    ...(fromSource && { execArgv: ['--import', 'tsx'] }),
  });
  if (options.onThreadEnded) pool.on('workerDestroy', options.onThreadEnded);
  return {
    threads,
    async run<T>(task: Task, runOptions: { signal?: AbortSignal; transfer?: ArrayBuffer[] } = {}) {
      const result = (await pool.run(task, {
        ...(runOptions.signal && { signal: runOptions.signal }),
        ...(runOptions.transfer && { transferList: runOptions.transfer }),
      })) as T | TaskFailure;
      if (isFailure(result)) throw new CpuTaskError(result);
      return result as T;
    },
    warmUp(task: Task, onFailed = () => {}) {
      try {
        if (pool.threads.length > 0) return false;
        pool.run(task).then((result: unknown) => {
          if (isFailure(result)) onFailed(new CpuTaskError(result));
        }, onFailed);
        return true;
      } catch (error) {
        // Starting a thread can throw at once (out of memory, or the pool closed).
        onFailed(error);
        return false;
      }
    },
    close: () => pool.close({ force: true }),
  };
}
