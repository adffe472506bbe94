// Real Redis for the scale tests (TEST_REDIS_URL; .ci/run starts one). Each test gets its own
// key prefix, so tests running side by side never see each other's counters, and its keys are
// deleted afterwards.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export function testRedisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('The scale tests need TEST_REDIS_URL (redis://127.0.0.1:6379)');
  return url;
}

export const freshKeyPrefix = () => `mylo-test-${randomUUID()}:`;

/** Deletes every key under the prefix. */
export async function deleteKeys(prefix: string) {
  const redis = new Redis(testRedisUrl());
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
