// On PGlite, API reads are admitted a few at a time in arrival order; one that would wait too
// long gets a 503 with Retry-After instead of a timeout (issue 15).
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandler } from '../plugins/error-handler';
import { heldRequests, listenOnLoopback, until } from '../test/held-requests';
import { databaseAdmission, SERVER_BUSY } from './database-admission';

let app: FastifyInstance;
let base: string;
const { finished, finishThenAwait, gates, hold, openAll } = heldRequests();

/** GET /api/slow/:name holds its place until the test opens its gate. */
async function start(options: { concurrent: number; maxWaitMs: number }) {
  app = Fastify();
  await app.register(errorHandler);
  await app.register(databaseAdmission, options);
  app.get<{ Params: { name: string } }>('/api/slow/:name', async (request) => {
    await hold(request.params.name);
    return { name: request.params.name };
  });
  app.post<{ Params: { name: string } }>('/api/slow/:name', async (request) => {
    await hold(request.params.name);
    return { name: request.params.name };
  });
  app.get('/api/download', { config: { databaseAdmission: false } }, async () => ({ ok: true }));
  base = await listenOnLoopback(app);
}
afterEach(async () => {
  openAll();
  await app?.close();
});
const get = (path: string, signal?: AbortSignal) => fetch(`${base}${path}`, { signal });

describe('Database admission', () => {
  it('admits reads in arrival order, a few at a time', async () => {
    await start({ concurrent: 1, maxWaitMs: 5_000 });
    const first = get('/api/slow/a');
    await until(() => gates.has('a'));
    const second = get('/api/slow/b');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const third = get('/api/slow/c');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gates.has('b')).toBe(false); // waiting for its turn, not running

    await finishThenAwait('a', 'b');
    expect(gates.has('c')).toBe(false);
    await finishThenAwait('b', 'c');
    gates.get('c')!();
    const statuses = (await Promise.all([first, second, third])).map((r) => r.status);
    expect(statuses).toEqual([200, 200, 200]);
    expect(finished).toEqual(['a', 'b', 'c']);
  });

  it('tells a read that waited too long to come back (503, Retry-After), and admits the next one later', async () => {
    await start({ concurrent: 1, maxWaitMs: 100 });
    const holding = get('/api/slow/a');
    await until(() => gates.has('a'));
    const refused = await get('/api/slow/b');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: SERVER_BUSY },
    });
    expect(gates.has('b')).toBe(false); // its handler never ran

    gates.get('a')!();
    expect((await holding).status).toBe(200);
    const later = get('/api/slow/c');
    await until(() => gates.has('c'));
    gates.get('c')!();
    expect((await later).status).toBe(200);
  });

  it('does not hold writes or streaming downloads behind reads', async () => {
    await start({ concurrent: 1, maxWaitMs: 100 });
    const holding = get('/api/slow/a');
    await until(() => gates.has('a'));
    expect((await get('/api/download')).status).toBe(200);
    const write = fetch(`${base}/api/slow/w`, { method: 'POST' });
    await until(() => gates.has('w')); // running beside the read
    gates.get('w')!();
    expect((await write).status).toBe(200);
    gates.get('a')!();
    await holding;
  });

  it('gives the place of a client that left to the next one', async () => {
    await start({ concurrent: 1, maxWaitMs: 5_000 });
    const holding = get('/api/slow/a');
    await until(() => gates.has('a'));
    const leaving = new AbortController();
    const left = get('/api/slow/gone', leaving.signal).catch(() => 'aborted');
    await new Promise((resolve) => setTimeout(resolve, 30));
    leaving.abort();
    expect(await left).toBe('aborted');
    gates.get('a')!();
    await holding;
    // The one that left is admitted, sees its client gone and frees its place.
    const next = get('/api/slow/b');
    await until(() => gates.has('b'));
    gates.get('b')!();
    expect((await next).status).toBe(200);
  });
});
