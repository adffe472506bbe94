// Issue 16: with REDIS_URL, every instance counts the abuse limits together, and a Redis that
// cannot be reached lets sign-in go on (fail open, logged: docs/decisions/025).
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { describeCounterStore } from '../test/counter-store-contract';
import { buildUser, TEST_PASSWORD } from '../test/factories';
import { deleteKeys, freshKeyPrefix, testRedisUrl } from '../test/redis';
import { connectRedis, createRedisCounterStore } from './redis-counter-store';

const silentLog = { warn: () => undefined };

describeCounterStore('Redis', async () => {
  const keyPrefix = freshKeyPrefix();
  const redis = await connectRedis(testRedisUrl(), keyPrefix, silentLog);
  return {
    store: createRedisCounterStore(redis, silentLog),
    advance: (ms) => sleep(ms),
    close: async () => {
      redis.disconnect();
      await deleteKeys(keyPrefix);
    },
  };
});

let open: TestApp[] = [];
const prefixes: string[] = [];
afterEach(async () => {
  await Promise.all(open.map((t) => t.close()));
  open = [];
  await Promise.all(prefixes.splice(0).map(deleteKeys));
});

/** Two instances of one deployment: one Redis, one key prefix, each with its own database. */
async function twoInstances(env: Record<string, string> = {}) {
  const prefix = freshKeyPrefix();
  prefixes.push(prefix);
  const shared = { REDIS_URL: testRedisUrl(), REDIS_KEY_PREFIX: prefix, ...env };
  const apps = [await buildTestApp({ env: shared }), await buildTestApp({ env: shared })];
  open.push(...apps);
  return apps as [TestApp, TestApp];
}

const signIn = (t: TestApp, email: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress,
  });

describe('Limits shared through Redis', () => {
  it('failed sign-ins on one instance count on the other', async () => {
    const [a, b] = await twoInstances({ SIGN_IN_MAX_ATTEMPTS: '4' });
    expect((await a.app.inject({ url: '/health' })).json().redis).toBe('ok');
    const email = 'ada@example.test';
    for (let i = 0; i < 4; i++) {
      const t = i % 2 === 0 ? a : b;
      expect((await signIn(t, email, 'wrong password', `10.5.0.${i}`)).statusCode).toBe(401);
    }
    const refused = await signIn(a, email, 'wrong password', '10.5.1.1');
    expect(refused.statusCode).toBe(429);
    const onOther = await signIn(b, email, 'wrong password', '10.5.1.2');
    expect(onOther.statusCode).toBe(429);
    expect(onOther.json().error.message).toBe(
      'Too many sign-in attempts. Please wait a few minutes and try again.',
    );
  });

  it('the request ceiling of an address is one budget across instances', async () => {
    const [a, b] = await twoInstances({ API_REQUESTS_PER_MINUTE: '2' }); // 10 per address
    const get = (t: TestApp) =>
      t.app.inject({ method: 'GET', url: '/api/courses', remoteAddress: '10.6.0.1' });
    for (let i = 0; i < 10; i++) expect((await get(i % 2 ? a : b)).statusCode).toBe(401);
    expect((await get(a)).statusCode).toBe(429);
    expect((await get(b)).statusCode).toBe(429);
  });

  it('with Redis unreachable, sign-in and the API keep working and the outage is logged', async () => {
    const warnings: string[] = [];
    // Nothing listens on port 1: every Redis command fails at once.
    const t = await buildTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    open.push(t);
    const log = t.app.log as unknown as { warn: (...args: unknown[]) => void };
    const warn = log.warn.bind(log);
    log.warn = (...args) => {
      warnings.push(String(args.at(-1)));
      warn(...args);
    };
    const user = await buildUser(t.database.db);
    expect((await signIn(t, user.email, 'wrong password', '10.7.0.1')).statusCode).toBe(401);
    const signedIn = await signIn(t, user.email, TEST_PASSWORD, '10.7.0.1');
    expect(signedIn.statusCode).toBe(200);
    const courses = await t.app.inject({
      method: 'GET',
      url: '/api/courses',
      headers: { authorization: `Bearer ${signedIn.json().access_token}` },
    });
    expect(courses.statusCode).toBe(200);
    expect(warnings.some((line) => line.includes('Redis unreachable'))).toBe(true);
    // Reported, but the instance still serves: every instance shares Redis.
    const health = await t.app.inject({ url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', redis: 'down' });
  });
});
