// When the server has been quiet for a moment, the memory that requests and worker threads freed
// is given back to the system (decision 046). Not while requests keep arriving: a deadline rush
// frees and allocates again at once, and pages given back would only be faulted in again. A
// trim during one long request is harmless: it runs on a pool thread and returns free pages only.
import type { FastifyBaseLogger } from 'fastify';
import type { TrimFreedMemory } from './malloc-trim';

/** Quiet this long (no request, no worker thread ending) before freed memory is given back. */
const QUIET_BEFORE_GIVING_BACK_MS = 2_000;

export interface MemoryGiveBack {
  /** A request arrived or a worker thread ended: memory may be freed; wait for quiet. */
  activity(): void;
  close(): void;
}

export function giveBackWhenQuiet({
  trim,
  log,
  quietMs = QUIET_BEFORE_GIVING_BACK_MS,
  now = () => performance.now(),
}: {
  trim: TrimFreedMemory | null;
  log: FastifyBaseLogger;
  quietMs?: number;
  now?: () => number;
}): MemoryGiveBack {
  if (!trim) return { activity() {}, close() {} };
  let lastActivity = now();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  // One timer for any number of requests: each request only notes its time, and the timer,
  // when it fires early, waits out the rest of the quiet.
  const arm = (delayMs: number) => {
    timer = setTimeout(onTimer, delayMs);
    timer.unref();
  };
  const onTimer = () => {
    timer = undefined;
    const quietFor = now() - lastActivity;
    if (quietFor < quietMs) return arm(quietMs - quietFor);
    const started = now();
    trim().then(
      () => log.debug({ ms: Math.round(now() - started) }, 'gave freed memory back'),
      (error: unknown) => log.warn({ err: error }, 'could not give freed memory back'),
    );
  };

  arm(quietMs); // what starting the server freed
  return {
    activity() {
      lastActivity = now();
      if (!timer && !closed) arm(quietMs);
    },
    close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
