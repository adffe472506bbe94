// A place in line for a kind of request: at most `concurrent` are served at once, the rest wait
// in arrival order (those admitted `ahead` before the others), and one that would wait longer
// than `maxWaitMs` is told to come back (503 with Retry-After) instead of hanging. A place is
// freed when its response has been sent or its client has gone. Used for reads of the embedded
// database (database-admission.ts) and for the requests that each cost a PDF's worth of work
// (heavy-requests.ts).
import type { FastifyReply } from 'fastify';
import { BusyError } from '../errors';

export interface AdmissionOptions {
  concurrent: number;
  maxWaitMs: number;
  retryAfterSeconds: number;
  message: string;
}

export interface AdmissionQueue {
  /**
   * Waits for a place for this request; throws BusyError past the longest wait. A request
   * admitted `ahead` is served before every waiting request that is not, in arrival order among
   * its own kind.
   */
  admit(reply: FastifyReply, options?: { ahead?: boolean }): Promise<void>;
}

export function createAdmissionQueue(options: AdmissionOptions): AdmissionQueue {
  let active = 0;
  const waitingAhead: (() => void)[] = [];
  const waiting: (() => void)[] = [];
  const busy = () => new BusyError(options.message, options.retryAfterSeconds);

  const release = () => {
    const next = waitingAhead.shift() ?? waiting.shift();
    if (next) next();
    else active -= 1;
  };

  const enter = (line: (() => void)[]) =>
    new Promise<void>((resolve, reject) => {
      if (active < options.concurrent) {
        active += 1;
        resolve();
        return;
      }
      const admitted = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        line.splice(line.indexOf(admitted), 1);
        reject(busy());
      }, options.maxWaitMs);
      line.push(admitted);
    });

  return {
    async admit(reply, { ahead = false } = {}) {
      await enter(ahead ? waitingAhead : waiting);
      // A client that left while it waited: its place goes to the next one at once.
      if (reply.raw.destroyed) {
        release();
        throw busy(); // nobody reads it
      }
      // 'close' fires once the response is sent or the client has gone.
      reply.raw.once('close', release);
    },
  };
}
