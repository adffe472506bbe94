// Issue 20: failed sign-ins are limited per account (with a growing wait) and per client address
// (an IPv6 /64, or the client behind a trusted proxy); successes never count.
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildUser, TEST_PASSWORD } from '../test/factories';

let open: TestApp[] = [];
afterEach(async () => {
  await Promise.all(open.map((t) => t.close()));
  open = [];
});

async function app(options: Parameters<typeof buildTestApp>[0] = {}) {
  const t = await buildTestApp(options);
  open.push(t);
  return t;
}

/** A clock the test moves by hand. */
function manualClock(start = Date.parse('2026-03-02T09:00:00Z')) {
  let now = start;
  return {
    clock: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const signIn = (
  t: TestApp,
  email: string,
  password: string,
  ip: string,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress: ip,
    headers,
  });

// Each case builds its own app and hashes many passwords: slow on a busy machine, never a
// timing assertion.
describe('Sign-in limits', { timeout: 180_000 }, () => {
  it('The 11th correct sign-in in 15 minutes succeeds: successes never count', async () => {
    const t = await app();
    const user = await buildUser(t.database.db);
    for (let i = 1; i <= 11; i++) {
      const response = await signIn(t, user.email, TEST_PASSWORD, '10.1.0.1');
      expect(response.statusCode, `sign-in ${i}`).toBe(200);
    }
  });

  it('An account that fails too often waits, from every address, and each further failure doubles the wait', async () => {
    const time = manualClock();
    const t = await app({ clock: time.clock });
    const user = await buildUser(t.database.db);
    const max = t.config.limits.signIn.accountFailures;
    // Spread over many addresses: a fresh address no longer buys fresh guesses.
    for (let i = 0; i < max; i++) {
      expect((await signIn(t, user.email, 'wrong guess', `10.2.0.${i + 1}`)).statusCode).toBe(401);
    }
    const locked = await signIn(t, user.email, TEST_PASSWORD, '10.2.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('RATE_LIMITED');
    expect(locked.headers['retry-after']).toBe('30');

    time.advance(31_000);
    expect((await signIn(t, user.email, 'wrong again', '10.2.1.2')).statusCode).toBe(401);
    const longer = await signIn(t, user.email, TEST_PASSWORD, '10.2.1.3');
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('60');

    time.advance(61_000);
    // The right password once the wait is over signs in, and clears the count.
    expect((await signIn(t, user.email, TEST_PASSWORD, '10.2.1.4')).statusCode).toBe(200);
    expect((await signIn(t, user.email, 'one slip', '10.2.1.4')).statusCode).toBe(401);
    expect((await signIn(t, user.email, TEST_PASSWORD, '10.2.1.4')).statusCode).toBe(200);
  });

  it('An email without an account is locked exactly like one with, so a lock reveals nothing', async () => {
    const t = await app();
    const max = t.config.limits.signIn.accountFailures;
    for (let i = 0; i < max; i++) {
      await signIn(t, 'nobody@example.test', 'guess', `10.3.0.${i + 1}`);
    }
    const response = await signIn(t, 'nobody@example.test', 'guess', '10.3.1.1');
    expect(response.statusCode).toBe(429);
  });

  it('An address that fails too often is refused for every account, and other addresses are not', async () => {
    const t = await app({ env: { SIGN_IN_MAX_ATTEMPTS: '1' } });
    const user = await buildUser(t.database.db);
    const perAddress = t.config.limits.signIn.addressFailures;
    expect(perAddress).toBe(10);
    for (let i = 0; i < perAddress; i++) {
      expect((await signIn(t, `user${i}@example.test`, 'guess', '10.4.0.1')).statusCode).toBe(401);
    }
    const blocked = await signIn(t, user.email, TEST_PASSWORD, '10.4.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(t, user.email, TEST_PASSWORD, '10.4.0.2')).statusCode).toBe(200);
  });

  it('IPv6 addresses of one /64 share one budget; another /64 has its own', async () => {
    const t = await app({ env: { SIGN_IN_MAX_ATTEMPTS: '1' } });
    const user = await buildUser(t.database.db);
    for (let i = 0; i < 10; i++) {
      // Each guess from a different address of the same /64.
      const ip = `2001:db8:1:2:${(i + 1).toString(16)}::${i + 7}`;
      expect((await signIn(t, `v6-${i}@example.test`, 'guess', ip)).statusCode).toBe(401);
    }
    expect((await signIn(t, user.email, TEST_PASSWORD, '2001:db8:1:2:ffff::1')).statusCode).toBe(
      429,
    );
    expect((await signIn(t, user.email, TEST_PASSWORD, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('Behind a trusted proxy each client is counted by its own address; a client cannot pick one', async () => {
    const t = await app({ env: { SIGN_IN_MAX_ATTEMPTS: '1', TRUST_PROXY: '127.0.0.1' } });
    const user = await buildUser(t.database.db);
    const viaProxy = (client: string) => ({ 'x-forwarded-for': client });
    for (let i = 0; i < 10; i++) {
      const response = await signIn(
        t,
        `p${i}@example.test`,
        'guess',
        '127.0.0.1',
        viaProxy('192.0.2.10'),
      );
      expect(response.statusCode).toBe(401);
    }
    // The guessing client is refused; another client behind the same proxy is not.
    expect(
      (await signIn(t, user.email, TEST_PASSWORD, '127.0.0.1', viaProxy('192.0.2.10'))).statusCode,
    ).toBe(429);
    expect(
      (await signIn(t, user.email, TEST_PASSWORD, '127.0.0.1', viaProxy('192.0.2.11'))).statusCode,
    ).toBe(200);

    // A client that is not the proxy cannot choose its address with the header.
    for (let i = 0; i < 10; i++) {
      await signIn(t, `d${i}@example.test`, 'guess', '198.51.100.7', viaProxy(`203.0.113.${i}`));
    }
    expect(
      (await signIn(t, user.email, TEST_PASSWORD, '198.51.100.7', viaProxy('203.0.113.99')))
        .statusCode,
    ).toBe(429);
  });

  it('Without TRUST_PROXY, X-Forwarded-For is ignored', async () => {
    const t = await app({ env: { SIGN_IN_MAX_ATTEMPTS: '1' } });
    const user = await buildUser(t.database.db);
    for (let i = 0; i < 10; i++) {
      await signIn(t, `n${i}@example.test`, 'guess', '127.0.0.1', {
        'x-forwarded-for': `192.0.2.${i}`,
      });
    }
    expect((await signIn(t, user.email, TEST_PASSWORD, '127.0.0.1')).statusCode).toBe(429);
  });
});
