// Admission to the embedded database (PGlite only). PGlite is one connection inside this
// process: every statement of every request waits in one queue, and a read that needs several
// statements goes to the back of it for each. Under 50 connections that interleaving let some
// dashboard requests wait 8.8 s and others time out (bench/results.md, issue 15). Here API reads
// enter in arrival order, a few at a time, so each finishes in a bounded time once admitted;
// one that would wait longer than `maxWaitMs` is told to come back (503 + Retry-After) instead
// of timing out. Writes are not gated: they may wait on a model, storage or a worker thread, and
// must not hold a reader's place meanwhile. PostgreSQL's pool queues on its own.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAdmissionQueue, type AdmissionOptions } from './admission-queue';

export const DATABASE_ADMISSION = {
  /** Reads in progress at once: enough to keep the database busy while others serialise. */
  concurrent: 4,
  /** The longest a read waits for its turn before it is refused. */
  maxWaitMs: 2_000,
  retryAfterSeconds: 1,
};

export const SERVER_BUSY = 'The server is busy. Please try again in a moment.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: a route that streams (a file download) and is not held up by reads. */
    databaseAdmission?: boolean;
  }
}

async function databaseAdmissionPlugin(
  app: FastifyInstance,
  options: Pick<AdmissionOptions, 'concurrent' | 'maxWaitMs'>,
) {
  const queue = createAdmissionQueue({
    ...options,
    retryAfterSeconds: DATABASE_ADMISSION.retryAfterSeconds,
    message: SERVER_BUSY,
  });
  // preHandler: after the request ceiling (a route hook of onRequest) has refused floods.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || !request.url.startsWith('/api/')) return;
    if (request.routeOptions.config.databaseAdmission === false) return;
    await queue.admit(reply);
  });
}

export const databaseAdmission = fp(databaseAdmissionPlugin, { name: 'database-admission' });
