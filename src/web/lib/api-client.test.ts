import { describe, expect, it } from 'vitest';
import { ApiClient, filenameFromDisposition, type SessionEvent } from './api-client';
import { ApiError } from './api-error';

const user = {
  id: '7f1c1a2e-3c1b-4a55-9a51-1f0f7c2f4b10',
  email: 'maya.chen@school.test',
  full_name: 'Maya Chen',
  role: 'teacher',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const session = (token: string) =>
  json(200, {
    access_token: token,
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: 2_000_000_000,
    refresh_token: 'rotated',
    user,
  });

const unauthorized = () =>
  json(401, { error: { code: 'UNAUTHORIZED', message: 'Your session has ended.' } });

/** A fake server: accepts only `validToken`, and hands out `fresh` on refresh. */
function fakeServer({ refreshWorks = true } = {}) {
  const calls: Array<{ path: string; auth: string | null; contentType: string | null }> = [];
  let validToken = 'fresh';
  const fetchImpl: typeof fetch = async (input, init) => {
    const path = String(input);
    const headers = new Headers(init?.headers);
    calls.push({
      path,
      auth: headers.get('authorization'),
      contentType: headers.get('content-type'),
    });
    // Yield so concurrent callers really overlap.
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (path === '/api/auth/refresh') return refreshWorks ? session(validToken) : unauthorized();
    if (headers.get('authorization') !== `Bearer ${validToken}`) return unauthorized();
    return json(200, { ok: true });
  };
  return {
    fetchImpl,
    calls,
    rotate: (token: string) => {
      validToken = token;
    },
  };
}

describe('ApiClient', () => {
  it('sends the in-memory access token as a bearer token', async () => {
    const server = fakeServer();
    const client = new ApiClient(server.fetchImpl);
    client.setAccessToken('fresh');
    await expect(client.get('/api/courses')).resolves.toEqual({ ok: true });
    expect(server.calls).toEqual([
      { path: '/api/courses', auth: 'Bearer fresh', contentType: null },
    ]);
  });

  it('refreshes once for many calls that meet an expired token, then retries each', async () => {
    const server = fakeServer();
    const client = new ApiClient(server.fetchImpl);
    const events: SessionEvent['type'][] = [];
    client.onSessionEvent((event) => events.push(event.type));
    client.setAccessToken('expired');

    const results = await Promise.all([
      client.get('/api/courses'),
      client.get('/api/dashboard'),
      client.get('/api/me/submissions'),
    ]);

    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(server.calls.filter((call) => call.path === '/api/auth/refresh')).toHaveLength(1);
    expect(events).toEqual(['refreshed']);
  });

  it('throws the original 401 and announces the end of the session when refresh is refused', async () => {
    const server = fakeServer({ refreshWorks: false });
    const client = new ApiClient(server.fetchImpl);
    const events: SessionEvent['type'][] = [];
    client.onSessionEvent((event) => events.push(event.type));
    client.setAccessToken('expired');

    const failure = await client.get('/api/courses').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(events).toEqual(['ended']);
  });

  it('does not refresh and retry when an auth endpoint answers 401', async () => {
    const calls: string[] = [];
    const client = new ApiClient(async (input) => {
      calls.push(String(input));
      return json(401, {
        error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' },
      });
    });
    await expect(
      client.post('/api/auth/sign-in', { email: 'a@b.test', password: 'nope' }),
    ).rejects.toMatchObject({ status: 401, message: 'Invalid email or password.' });
    expect(calls).toEqual(['/api/auth/sign-in']);
  });

  it('sends JSON with a content type, and no content type without a body', async () => {
    const server = fakeServer();
    const client = new ApiClient(server.fetchImpl);
    await client.refreshSession();
    await client.post('/api/courses', { title: 'Algebra' });
    expect(server.calls.map((call) => call.contentType)).toEqual([null, 'application/json']);
  });

  it('turns an answer without the error shape into an ApiError that keeps the status', async () => {
    const client = new ApiClient(
      async () =>
        new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(client.get('/api/courses')).rejects.toMatchObject({
      status: 502,
      code: 'UNEXPECTED_RESPONSE',
      message: 'The server answered 502 Bad Gateway.',
    });
  });

  it('answers undefined for 204 No Content', async () => {
    const client = new ApiClient(async () => new Response(null, { status: 204 }));
    await expect(client.post('/api/auth/sign-out')).resolves.toBeUndefined();
  });
});

describe('downloads', () => {
  it('fetches a file with the bearer token and names it from Content-Disposition', async () => {
    const seen: Array<string | null> = [];
    const client = new ApiClient(async (_input, init) => {
      seen.push(new Headers(init?.headers).get('authorization'));
      return new Response('\uFEFFStudent\r\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="algebra-gradebook.csv"; filename*=UTF-8''${encodeURIComponent('Álgebra gradebook.csv')}`,
        },
      });
    });
    client.setAccessToken('fresh');
    const file = await client.download('/api/courses/1/gradebook.csv');
    expect(seen).toEqual(['Bearer fresh']);
    expect(file.filename).toBe('Álgebra gradebook.csv');
    expect(await file.blob.text()).toContain('Student');
  });

  it('reads the plain file name when there is no UTF-8 one, and none without the header', () => {
    expect(filenameFromDisposition('attachment; filename="grades.csv"')).toBe('grades.csv');
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
