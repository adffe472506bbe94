// Uploads and submits are served a few at a time per instance; the rest wait their turn, and
// one that would wait too long is told to come back. Other requests are never held behind them.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandler } from '../plugins/error-handler';
import { heldRequests, listenOnLoopback, until } from '../test/held-requests';
import type { Actor } from '../policies/actor';
import { heavyRequests } from './heavy-requests';

let app: FastifyInstance;
let base: string;
const { finished, finishThenAwait, gates, hold, openAll } = heldRequests();

/**
 * POST /heavy/:name holds its place until the test opens its gate, as does POST /ahead/:name
 * (a hand-in, which finishes a student's work); GET /light does not queue.
 */
async function start(options: { concurrent: number; maxWaitMs: number }) {
  app = Fastify();
  await app.register(errorHandler);
  // What plugins/auth.ts does: a request with a token has an actor.
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    if (request.headers.authorization) {
      request.actor = { id: request.headers.authorization, role: 'student' } as Actor;
    }
  });
  await app.register(heavyRequests, { ...options, retryAfterSeconds: 5 });
  for (const heavy of [true, 'ahead'] as const) {
    app.post<{ Params: { name: string } }>(
      heavy === true ? '/heavy/:name' : '/ahead/:name',
      { config: { heavy } },
      async (request) => {
        await hold(request.params.name);
        return { name: request.params.name };
      },
    );
  }
  app.get('/light', async () => ({ ok: true }));
  base = await listenOnLoopback(app);
}
afterEach(async () => {
  openAll();
  await app?.close();
});
const post = (name: string, signedIn = true, kind: 'heavy' | 'ahead' = 'heavy') =>
  fetch(`${base}/${kind}/${name}`, {
    method: 'POST',
    headers: signedIn ? { authorization: `student-${name}` } : {},
  });

describe('Heavy requests', () => {
  it('serves them a few at a time, in arrival order', async () => {
    await start({ concurrent: 2, maxWaitMs: 5_000 });
    const first = post('a');
    const second = post('b');
    await until(() => gates.has('a') && gates.has('b'));
    const third = post('c');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gates.has('c')).toBe(false); // waiting for a place, its handler not started

    await finishThenAwait('b', 'c');
    gates.get('a')!();
    gates.get('c')!();
    const statuses = (await Promise.all([first, second, third])).map((r) => r.status);
    expect(statuses).toEqual([200, 200, 200]);
    expect(finished).toEqual(['b', 'a', 'c']);
  });

  it('serves a waiting hand-in before uploads that were waiting longer', async () => {
    // In a deadline rush a student's submit would otherwise wait behind every upload sent
    // after theirs: the student one click from done is finished first.
    await start({ concurrent: 1, maxWaitMs: 5_000 });
    const holding = post('a');
    await until(() => gates.has('a'));
    const uploads = [post('b'), post('c')];
    await new Promise((resolve) => setTimeout(resolve, 50));
    const handIn = post('d', true, 'ahead');
    await new Promise((resolve) => setTimeout(resolve, 50));

    await finishThenAwait('a', 'd');
    expect(gates.has('b')).toBe(false);
    await finishThenAwait('d', 'b');
    await finishThenAwait('b', 'c');
    gates.get('c')!();
    const statuses = (await Promise.all([holding, ...uploads, handIn])).map((r) => r.status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(finished).toEqual(['a', 'd', 'b', 'c']);
  });

  it('still turns away an upload that waited too long behind hand-ins', async () => {
    await start({ concurrent: 1, maxWaitMs: 150 });
    const holding = post('a');
    await until(() => gates.has('a'));
    const upload = post('b');
    const handIn = post('c', true, 'ahead');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await finishThenAwait('a', 'c');
    // The hand-in holds the one place past the upload's longest wait.
    expect((await upload).status).toBe(503);
    gates.get('c')!();
    expect((await handIn).status).toBe(200);
    expect((await holding).status).toBe(200);
    expect(gates.has('b')).toBe(false);
  });

  it('tells one that waited too long to come back (503, Retry-After) without running it', async () => {
    await start({ concurrent: 1, maxWaitMs: 100 });
    const holding = post('a');
    await until(() => gates.has('a'));
    const refused = await post('b');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect((await refused.json()).error).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Many files are being handed in right now. Please try again in a moment.',
    });
    expect(gates.has('b')).toBe(false);
    gates.get('a')!();
    expect((await holding).status).toBe(200);
  });

  it('never holds other requests, nor callers without a token, behind them', async () => {
    await start({ concurrent: 1, maxWaitMs: 5_000 });
    const holding = post('a');
    await until(() => gates.has('a'));
    expect((await fetch(`${base}/light`)).status).toBe(200);
    // Not queued: its route (here, the handler; in the app, requireRole) answers at once.
    const anonymous = post('anonymous', false);
    await until(() => gates.has('anonymous'));
    gates.get('anonymous')!();
    expect((await anonymous).status).toBe(200);
    gates.get('a')!();
    await holding;
  });
});
