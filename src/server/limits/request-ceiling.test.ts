// Issue 20: one account (or one address without an account) cannot take the server's time from
// everyone else. API_REQUESTS_PER_MINUTE per account; five times as many per address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { signedInUser } from '../test/sign-in';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { API_REQUESTS_PER_MINUTE: '4' } });
});
afterAll(async () => t?.close());

const courses = (headers: Record<string, string>, remoteAddress = '10.1.1.1') =>
  t.app.inject({ method: 'GET', url: '/api/courses', headers, remoteAddress });

describe('API request ceiling', () => {
  it('an account past its requests a minute gets 429 with Retry-After; another account goes on', async () => {
    const busy = await signedInUser(t, 'teacher');
    const other = await signedInUser(t, 'teacher');
    // From several addresses: the account is what counts.
    for (let i = 0; i < 4; i++) {
      expect((await courses(busy.headers, `10.2.0.${i}`)).statusCode).toBe(200);
    }
    const refused = await courses(busy.headers, '10.2.0.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many requests. Please wait a minute and try again.',
      },
    });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await courses(other.headers, '10.2.0.9')).statusCode).toBe(200);
  });

  it('requests without an account count per address, five times the account ceiling', async () => {
    const anonymous = () =>
      t.app.inject({ method: 'GET', url: '/api/courses', remoteAddress: '10.3.0.1' });
    for (let i = 0; i < 20; i++) expect((await anonymous()).statusCode).toBe(401);
    expect((await anonymous()).statusCode).toBe(429);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/api/courses',
      remoteAddress: '10.3.0.2',
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('/health and the web client are not API work and never count', async () => {
    for (let i = 0; i < 30; i++) {
      const health = await t.app.inject({
        method: 'GET',
        url: '/health',
        remoteAddress: '10.4.0.1',
      });
      expect(health.statusCode).toBe(200);
    }
    const page = await t.app.inject({ method: 'GET', url: '/login', remoteAddress: '10.4.0.1' });
    expect(page.statusCode).not.toBe(429);
  });
});
