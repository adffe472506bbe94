import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildUser, TEST_PASSWORD } from '../test/factories';
import { issueSession } from './auth.service';
import { createTokenSigner, type TokenSigner } from './tokens';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: {} });
});
afterAll(() => t.close());

const signIn = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress: ip,
  });

const refreshCookieOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((cookie) => cookie.name === 'refresh_token');

describe('sign-in', () => {
  it('signs a user in with the right password and returns a session and an httpOnly refresh cookie', async () => {
    const user = await buildUser(t.database.db, { role: 'teacher', full_name: 'Grace Hopper' });
    const response = await signIn(user.email.toUpperCase(), TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      user: { id: user.id, role: 'teacher', full_name: 'Grace Hopper' },
    });
    expect(body.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(JSON.stringify(body)).not.toContain('password');
    const cookie = refreshCookieOf(response);
    expect(cookie).toMatchObject({
      value: body.refresh_token,
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
    });
    expect(cookie && 'maxAge' in cookie ? cookie.maxAge : 0).toBe(30 * 24 * 60 * 60);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const user = await buildUser(t.database.db);
    const wrongPassword = await signIn(user.email, 'not the password', '10.0.0.2');
    const unknownEmail = await signIn('nobody@example.test', TEST_PASSWORD, '10.0.0.2');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({
      error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' },
    });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('rejects a malformed sign-in with a validation error', async () => {
    const response = await signIn('not-an-email', '', '10.0.0.3');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    expect(response.json().error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'body.email' })]),
    );
  });
});

describe('session', () => {
  it('returns the signed-in user for a valid access token', async () => {
    const user = await buildUser(t.database.db, { role: 'student' });
    const { access_token } = (await signIn(user.email, TEST_PASSWORD, '10.0.1.1')).json();
    const response = await t.app.inject({
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { id: user.id, email: user.email, full_name: user.full_name, role: 'student' },
    });
  });

  it('gives a new session its whole lifetime in expires_in, even when a second turns while it is made', async () => {
    const user = await buildUser(t.database.db);
    const signer = createTokenSigner(t.config.jwtSecret);
    // Signing ends in the next second, as on a busy server.
    const signerThatEndsInTheNextSecond: TokenSigner = {
      ...signer,
      async signAccessToken(claims, now) {
        const signed = await signer.signAccessToken(claims, now);
        vi.setSystemTime(new Date('2026-11-28T10:00:01.100Z'));
        return signed;
      },
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T10:00:00.900Z'));
    try {
      const session = await issueSession(
        { db: t.database.db, tokens: signerThatEndsInTheNextSecond },
        user,
      );
      expect(session.expires_in).toBe(3600);
      expect(session.expires_at).toBe(Date.parse('2026-11-28T10:00:00Z') / 1000 + 3600);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ url: '/api/auth/session' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHORIZED');
  });

  it('answers 401 for an expired token', async () => {
    const user = await buildUser(t.database.db);
    const tokens = createTokenSigner(t.config.jwtSecret);
    const { token } = await tokens.signAccessToken(
      { userId: user.id, role: 'student', sessionId: randomUUID() },
      new Date(Date.now() - 2 * 3600_000),
    );
    const response = await t.app.inject({
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 for a token signed with another secret', async () => {
    const user = await buildUser(t.database.db, { role: 'teacher' });
    const forged = await createTokenSigner('x'.repeat(64)).signAccessToken({
      userId: user.id,
      role: 'teacher',
      sessionId: randomUUID(),
    });
    const response = await t.app.inject({
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${forged.token}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 for an unsigned token', async () => {
    const user = await buildUser(t.database.db, { role: 'teacher' });
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ sub: user.id, role: 'teacher', exp: Date.now() / 1000 + 3600 }),
    ).toString('base64url');
    const response = await t.app.inject({
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${header}.${payload}.` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 for a valid token whose user no longer exists', async () => {
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const token = await new SignJWT({ role: 'student' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('00000000-0000-4000-8000-000000000000')
      .setIssuer('mylo-classroom')
      .setAudience('mylo-classroom-api')
      .setExpirationTime('1h')
      .sign(key);
    const response = await t.app.inject({
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('refresh', () => {
  it('rotates the refresh token from the cookie and issues a working access token', async () => {
    const user = await buildUser(t.database.db);
    const first = await signIn(user.email, TEST_PASSWORD, '10.0.2.1');
    const firstToken = refreshCookieOf(first)?.value;
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refresh_token: firstToken ?? '' },
    });
    expect(refreshed.statusCode).toBe(200);
    const body = refreshed.json();
    expect(body.refresh_token).not.toBe(firstToken);
    expect(refreshCookieOf(refreshed)?.value).toBe(body.refresh_token);
    const session = await t.app.inject({
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(session.json().user.id).toBe(user.id);
  });

  it('accepts the refresh token in the body too', async () => {
    const user = await buildUser(t.database.db);
    const { refresh_token } = (await signIn(user.email, TEST_PASSWORD, '10.0.2.2')).json();
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('revokes the whole family when a spent refresh token is reused', async () => {
    const user = await buildUser(t.database.db);
    const { refresh_token: spent } = (await signIn(user.email, TEST_PASSWORD, '10.0.2.3')).json();
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: spent },
    });
    const current = rotated.json().refresh_token;

    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: spent },
    });
    expect(reuse.statusCode).toBe(401);
    expect(refreshCookieOf(reuse)?.value).toBe('');

    // The thief's reuse also ends the legitimate holder's newer token.
    const afterReuse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: current },
    });
    expect(afterReuse.statusCode).toBe(401);
  });

  it('leaves other sessions of the same user alone when one family is revoked', async () => {
    const user = await buildUser(t.database.db);
    const laptop = (await signIn(user.email, TEST_PASSWORD, '10.0.2.4')).json().refresh_token;
    const phone = (await signIn(user.email, TEST_PASSWORD, '10.0.2.4')).json().refresh_token;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: laptop },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: laptop },
    });
    const phoneRefresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: phone },
    });
    expect(phoneRefresh.statusCode).toBe(200);
  });

  it('answers 401 without a refresh token or with an unknown one', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: 'made-up' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('UNAUTHORIZED');
  });
});

describe('sign-out', () => {
  it('revokes the refresh token and clears the cookie', async () => {
    const user = await buildUser(t.database.db);
    const signedIn = await signIn(user.email, TEST_PASSWORD, '10.0.3.1');
    const token = refreshCookieOf(signedIn)?.value ?? '';
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookies: { refresh_token: token },
    });
    expect(signedOut.statusCode).toBe(204);
    expect(refreshCookieOf(signedOut)?.value).toBe('');
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refresh_token: token },
    });
    expect(refresh.statusCode).toBe(401);
  });
});

describe('sign-up', () => {
  const newAccount = {
    email: 'New.Teacher@Example.test',
    password: 'long enough pass',
    full_name: '  Ada Lovelace ',
    role: 'teacher',
  };

  it('creates an account, stores the email lower-case and signs the user in', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: newAccount,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({
      email: 'new.teacher@example.test',
      full_name: 'Ada Lovelace',
      role: 'teacher',
    });
    expect(
      (await signIn('new.teacher@example.test', 'long enough pass', '10.0.4.1')).statusCode,
    ).toBe(200);
  });

  it('answers 409 for an email that already has an account, whatever its case', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { ...newAccount, email: 'NEW.TEACHER@example.test' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('CONFLICT');
  });

  it.each([
    ['a short password', { password: 'short' }, 'body.password'],
    ['an unknown role', { role: 'admin' }, 'body.role'],
    ['a blank name', { full_name: '   ' }, 'body.full_name'],
    ['a bad email', { email: 'nope' }, 'body.email'],
  ])('rejects %s with a 400 naming the field', async (_label, change, path) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { ...newAccount, email: 'someone.else@example.test', ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path })]),
    );
  });

  it('stores the password only as a scrypt hash', async () => {
    const rows = await t.database.db.query.users.findMany();
    for (const row of rows) expect(row.password_hash).toMatch(/^scrypt\$/);
  });
});
