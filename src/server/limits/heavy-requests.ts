// Requests that each cost a PDF's worth of work (an upload streamed to storage, a submit that
// reads the file back and extracts its text) are served a few at a time per instance; the rest
// wait their turn without their bodies being read. In a deadline rush 200 of them at once kept
// the event loop and the database pool so busy that GET /health took seconds to answer (p99
// about 3 s before issue 15's work); with this and the rest of decisions 031 and 033 its p99
// stays under 50 ms on both databases (bench/results.md's rush row). Hand-ins wait ahead of
// uploads: a student's submit would otherwise wait behind every upload sent after theirs
// (decision 045). Routes opt in with `config: { heavy: true }`, a hand-in with 'ahead'.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAdmissionQueue } from './admission-queue';

export const HEAVY_REQUESTS = {
  /** Served at once per instance: enough to keep both cores and the worker thread busy. */
  concurrent: 8,
  /**
   * The longest one waits for its turn: a class handing in at once is worked through in
   * seconds, well within the time a request may take to arrive (REQUEST_TIMEOUT_SECONDS).
   */
  maxWaitMs: 30_000,
  retryAfterSeconds: 5,
};

const HEAVY_BUSY = 'Many files are being handed in right now. Please try again in a moment.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Served a few at a time (limits/heavy-requests.ts); 'ahead' ones before waiting others.
     */
    heavy?: true | 'ahead';
  }
}

async function heavyRequestsPlugin(app: FastifyInstance, options: typeof HEAVY_REQUESTS) {
  const queue = createAdmissionQueue({ ...options, message: HEAVY_BUSY });
  // preHandler: after the request ceiling; a multipart body is still unread here. A caller
  // without a valid token is not queued: its route answers 401 at once.
  app.addHook('preHandler', async (request, reply) => {
    const heavy = request.routeOptions.config.heavy;
    if (!heavy || !request.actor) return;
    await queue.admit(reply, { ahead: heavy === 'ahead' });
  });
}

export const heavyRequests = fp(heavyRequestsPlugin, { name: 'heavy-requests' });
