// A ceiling on API requests, so that one account (or one address without an account) cannot
// take the server's time from everyone else: per signed-in account, and per address for
// requests without one. @fastify/rate-limit counts, in Redis when REDIS_URL is set so that
// every instance counts together, else in memory (docs/decisions/025). If Redis cannot be
// reached, requests go on (skipOnError) rather than every school's sign-in failing.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { RateLimitedError } from '../errors';
import { clientAddressKey } from './client-address';

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a minute and try again.';
const MINUTE_MS = 60_000;

interface RequestCeilingOptions {
  perMinute: Config['limits']['requestsPerMinute'];
  redis: Redis | null;
}

/** Who a request counts against: its account once signed in, else its address. */
export function requestCeilingKey(request: FastifyRequest): string {
  return request.actor ? `account:${request.actor.id}` : `address:${clientAddressKey(request.ip)}`;
}

async function requestCeilingPlugin(
  app: FastifyInstance,
  { perMinute, redis }: RequestCeilingOptions,
) {
  await app.register(rateLimit, {
    global: true,
    // Route hooks run after the app's: the auth hook has read the bearer token by now.
    hook: 'onRequest',
    timeWindow: MINUTE_MS,
    keyGenerator: requestCeilingKey,
    max: async (_request, key) =>
      key.startsWith('account:') ? perMinute.account : perMinute.address,
    // The web client's files and /health (load balancers poll it) are not API work.
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) =>
      new RateLimitedError(TOO_MANY_REQUESTS, context.ttl),
    ...(redis && { redis, nameSpace: 'requests:', skipOnError: true }),
  });
}

export const requestCeiling = fp(requestCeilingPlugin, { name: 'request-ceiling' });
