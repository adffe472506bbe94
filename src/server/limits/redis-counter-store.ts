// The counters in Redis (REDIS_URL), shared by every instance. Each operation is one round
// trip (a small Lua script where it must be atomic). If Redis cannot be reached, the limits
// fail open: the request goes on and the failure is logged (docs/decisions/025), because a
// school whose Redis is down should still be able to sign in.
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Counted, CounterStore } from './counter-store';

// INCR, then start the window on a new key (or restart it with renew); answer count and TTL.
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 or ARGV[2] == '1' then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}
`;

// After the client's REDIS_KEY_PREFIX.
const PREFIX = 'limits:';

/** How the app connects: fail fast while disconnected instead of queueing commands. */
const REDIS_OPTIONS = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  connectTimeout: 2000,
} as const;

/**
 * A client for REDIS_URL, connected if Redis answers within the connect timeout. An instance
 * whose Redis is down still starts (its limits fail open) and reconnects when Redis is back.
 */
export async function connectRedis(
  url: string,
  keyPrefix: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Redis> {
  // Loaded only with REDIS_URL set: one process without Redis never pays its memory.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { ...REDIS_OPTIONS, keyPrefix });
  redis.on('error', warnRedisDown(log));
  // Not events.once: it would reject on the first connection error, which is not fatal here.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REDIS_OPTIONS.connectTimeout);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}

/** Connection errors repeat every second while Redis is down: one warning a minute. */
export function warnRedisDown(log: Pick<FastifyBaseLogger, 'warn'>) {
  let warnedAt = 0;
  return (error: unknown) => {
    if (Date.now() - warnedAt < 60_000) return;
    warnedAt = Date.now();
    log.warn({ err: error }, 'Redis unreachable: shared limits fail open until it is back');
  };
}

export function createRedisCounterStore(
  redis: Redis,
  log: Pick<FastifyBaseLogger, 'warn'>,
): CounterStore {
  const warn = warnRedisDown(log);
  async function failOpen<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      warn(error);
      return fallback;
    }
  }
  const none: Counted = { count: 0, ttlMs: 0 };

  return {
    increment: (key, windowMs, { renew = false } = {}) =>
      failOpen(async () => {
        const [count, ttl] = (await redis.eval(
          INCREMENT,
          1,
          PREFIX + key,
          String(windowMs),
          renew ? '1' : '0',
        )) as [number, number];
        return { count, ttlMs: Math.max(ttl, 0) };
      }, none),
    get: (key) =>
      failOpen(async () => {
        const [count, ttl] = await Promise.all([redis.get(PREFIX + key), redis.pttl(PREFIX + key)]);
        return count === null ? none : { count: Number(count), ttlMs: Math.max(ttl, 0) };
      }, none),
    hold: (key, ttlMs) =>
      failOpen(async () => {
        await redis.set(PREFIX + key, '1', 'PX', Math.max(1, Math.round(ttlMs)));
      }, undefined),
    remove: (...keys) =>
      failOpen(async () => {
        if (keys.length > 0) await redis.del(...keys.map((key) => PREFIX + key));
      }, undefined),
    // The connection belongs to the app, which closes it.
    close: async () => undefined,
  };
}
