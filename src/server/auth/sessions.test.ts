// Issue 20: an access token dies with its session (sign-out, refresh-token reuse); tokens must
// expire; browsers never see the refresh token in JSON; the cookie routes refuse other sites'
// pages; the cookie is Secure over TLS, also behind a trusted proxy.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildUser, TEST_PASSWORD } from '../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let address = 0;
const nextAddress = () => `10.30.${Math.floor((address += 1) / 250)}.${address % 250}`;

async function signedIn(headers: Record<string, string> = {}) {
  const user = await buildUser(t.database.db);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: user.email, password: TEST_PASSWORD },
    remoteAddress: nextAddress(),
    headers,
  });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'refresh_token');
  return { user, response, body: response.json(), cookie: cookie?.value ?? '' };
}

const session = (accessToken: string) =>
  t.app.inject({ url: '/api/auth/session', headers: { authorization: `Bearer ${accessToken}` } });

const sameOrigin = { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' };

describe('An access token ends with its session', () => {
  it('is refused right after sign-out', async () => {
    const { body, cookie } = await signedIn();
    expect((await session(body.access_token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookies: { refresh_token: cookie },
    });
    expect(out.statusCode).toBe(204);
    const after = await session(body.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('UNAUTHORIZED');
  });

  it('is refused once reuse of a spent refresh token has revoked the session', async () => {
    const { body } = await signedIn();
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: body.refresh_token },
    });
    const fresh = rotated.json().access_token;
    // Refreshing keeps the session: both access tokens still work.
    expect((await session(body.access_token)).statusCode).toBe(200);
    expect((await session(fresh)).statusCode).toBe(200);
    // A thief replays the spent refresh token: the whole session ends, access tokens included.
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: body.refresh_token },
    });
    expect(reuse.statusCode).toBe(401);
    expect((await session(fresh)).statusCode).toBe(401);
    expect((await session(body.access_token)).statusCode).toBe(401);
  });

  it('leaves the same user’s other sessions working', async () => {
    const { user, cookie } = await signedIn();
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: nextAddress(),
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookies: { refresh_token: cookie },
    });
    expect((await session(other.json().access_token)).statusCode).toBe(200);
  });
});

describe('Token claims', () => {
  const key = () => new TextEncoder().encode(t.config.jwtSecret);
  const claims = async () => {
    const { user, body } = await signedIn();
    const [, payload] = (body.access_token as string).split('.');
    const sid = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()).sid as string;
    return { user, sid };
  };
  const sign = (build: (jwt: SignJWT) => SignJWT, sub: string, sid: string) =>
    build(
      new SignJWT({ role: 'student', sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuer('mylo-classroom')
        .setAudience('mylo-classroom-api'),
    ).sign(key());

  it('refuses a correctly signed token without an expiry, for a live session', async () => {
    const { user, sid } = await claims();
    const token = await sign((jwt) => jwt.setIssuedAt(), user.id, sid);
    expect((await session(token)).statusCode).toBe(401);
  });

  it('refuses a token that claims a longer life than the server issues', async () => {
    const { user, sid } = await claims();
    const token = await sign((jwt) => jwt.setIssuedAt().setExpirationTime('30d'), user.id, sid);
    expect((await session(token)).statusCode).toBe(401);
  });

  it('refuses a token that names no session, or one that does not exist', async () => {
    const { user } = await claims();
    const none = await new SignJWT({ role: 'student' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('mylo-classroom')
      .setAudience('mylo-classroom-api')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key());
    expect((await session(none)).statusCode).toBe(401);
    const unknown = await sign(
      (jwt) => jwt.setIssuedAt().setExpirationTime('1h'),
      user.id,
      randomUUID(),
    );
    expect((await session(unknown)).statusCode).toBe(401);
  });

  it('refuses another user’s session id in a token for this user', async () => {
    const { sid } = await claims();
    const { user } = await claims();
    const token = await sign((jwt) => jwt.setIssuedAt().setExpirationTime('1h'), user.id, sid);
    expect((await session(token)).statusCode).toBe(401);
  });
});

describe('The refresh token stays out of reach of page scripts', () => {
  it('a browser gets it only as the httpOnly cookie; other clients also in the body', async () => {
    const browser = await signedIn(sameOrigin);
    expect(browser.body.refresh_token).toBeUndefined();
    expect(browser.body.access_token).toEqual(expect.any(String));
    expect(browser.cookie).not.toBe('');

    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: sameOrigin,
      cookies: { refresh_token: browser.cookie },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().refresh_token).toBeUndefined();

    const script = await signedIn();
    expect(script.body.refresh_token).toBe(script.cookie);
  });
});

describe('The cookie routes answer only this site’s pages', () => {
  for (const [label, headers] of [
    [
      'another port of the same host (Sec-Fetch-Site: same-site)',
      { 'sec-fetch-site': 'same-site' },
    ],
    ['another site (Sec-Fetch-Site: cross-site)', { 'sec-fetch-site': 'cross-site' }],
    ['an older browser sending only Origin', { origin: 'http://localhost:8080' }],
  ] as const) {
    it(`a sign-out from ${label} is refused and the session goes on`, async () => {
      const { body, cookie } = await signedIn();
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers,
        cookies: { refresh_token: cookie },
      });
      expect(out.statusCode).toBe(403);
      expect(out.json().error.code).toBe('FORBIDDEN');
      expect((await session(body.access_token)).statusCode).toBe(200);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers,
        cookies: { refresh_token: cookie },
      });
      expect(refresh.statusCode).toBe(403);
      // The cookie was not spent by the refused refresh.
      const own = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: sameOrigin,
        cookies: { refresh_token: cookie },
      });
      expect(own.statusCode).toBe(200);
    });
  }

  it('a sign-in or sign-up from another site is refused', async () => {
    const user = await buildUser(t.database.db);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: nextAddress(),
    });
    expect(signIn.statusCode).toBe(403);
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { origin: 'https://evil.example' },
      payload: {
        email: 'csrf@example.test',
        password: 'a long enough passphrase',
        full_name: 'X',
        role: 'student',
      },
      remoteAddress: nextAddress(),
    });
    expect(signUp.statusCode).toBe(403);
  });

  it('the same origin, by Origin alone, is accepted', async () => {
    const { cookie } = await signedIn();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: 'http://localhost:80' },
      cookies: { refresh_token: cookie },
    });
    expect(out.statusCode).toBe(204);
  });
});

describe('The refresh cookie is Secure over TLS', () => {
  it('behind a trusted proxy that says https, and not when an untrusted client says so', async () => {
    const proxied = await buildTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const user = await buildUser(proxied.database.db);
      const signIn = (remoteAddress: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: user.email, password: TEST_PASSWORD },
          headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '192.0.2.1' },
          remoteAddress,
        });
      const cookieOf = (response: Awaited<ReturnType<typeof signIn>>) =>
        response.cookies.find((c) => c.name === 'refresh_token');
      expect(cookieOf(await signIn('127.0.0.1'))?.secure).toBe(true);
      expect(cookieOf(await signIn('198.51.100.4'))?.secure).toBeFalsy();
    } finally {
      await proxied.close();
    }
  });
});
