// The event loop first (docs/decisions/054). Every request passes through the one event-loop
// thread; the process's other threads (libuv's file pool, V8's compiler and collector helpers,
// the CPU worker threads) do work that a request waits for too, but none of them holds up every
// other request. On a busy machine the kernel shares a core between them all alike: in a
// deadline rush on two cores the event loop was taken off its core ~1,800 times and waited
// ~450 ms for one, a fifth of the round. Linux keeps a nice value per thread (setpriority(2)),
// so the helpers can be set below the event loop without privileges; raising a nice value is
// the one direction an unprivileged process may take.
//
// Linux only: elsewhere a nice value belongs to the whole process, and lowering it would lower
// the event loop with its helpers. There these functions do nothing.
import { readdirSync, readlinkSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { getPriority, setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';

const perThread = process.platform === 'linux';

/** The Linux thread id of the calling thread (the main thread's is the process id). */
function currentThreadId(): number {
  // /proc/thread-self is a link to /proc/<pid>/task/<tid> of whichever thread reads it.
  return Number(readlinkSync('/proc/thread-self').split('/').pop());
}

/** Raises one thread's nice value to `nice`, never lowers it; false when it ended meanwhile. */
function lower(threadId: number, nice: number): boolean {
  try {
    if (getPriority(threadId) >= nice) return false;
    setPriority(threadId, nice);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sets every thread of this process but the event loop to `nice` (0 leaves them as they are).
 * Called once from the main thread, when the server is ready to listen; a worker thread
 * started later lowers itself (lowerThisThread). Answers how many threads it lowered.
 */
export async function lowerHelperThreads(nice: number): Promise<number> {
  if (!perThread || nice <= 0 || !isMainThread) return 0;
  // libuv starts its pool with the first call that needs one, which a server on PostgreSQL and
  // S3 may not have made yet: a file call on the pool makes sure its threads are there.
  await access(process.cwd());
  let lowered = 0;
  for (const entry of readdirSync('/proc/self/task')) {
    const threadId = Number(entry);
    if (threadId !== process.pid && lower(threadId, nice)) lowered += 1;
  }
  return lowered;
}

/**
 * Sets the calling worker thread to `nice`: how a thread started after lowerHelperThreads
 * joins the others.
 */
export function lowerThisThread(nice: number): boolean {
  if (!perThread || nice <= 0 || isMainThread) return false;
  return lower(currentThreadId(), nice);
}
