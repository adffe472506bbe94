// One log line per answered request, with its status and time; /health only at debug.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest } from './request-log';

async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new OneLinePerRequest() });
  app.get('/api/things/:id', async () => ({ ok: true }));
  app.get('/health', async () => ({ status: 'ok' }));
  return { app, lines };
}

describe('Request log', () => {
  it('writes one line per request at info, naming the route, status and time', async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject({ method: 'GET', url: '/api/things/42?x=1' });
    await app.inject({ method: 'GET', url: '/api/missing' });
    await app.inject({ method: 'GET', url: '/health' });
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/api/things/:id', status: 200 });
    expect(typeof requests[0]?.ms).toBe('number');
    expect(requests[1]).toMatchObject({ url: '/api/missing', status: 404 });
    expect(lines).toHaveLength(2); // nothing else per request
    await app.close();
  });

  it('logs /health at debug', async () => {
    const { app, lines } = await appLoggingAt('debug');
    await app.inject({ method: 'GET', url: '/health' });
    expect(lines.filter((line) => line.msg === 'request')).toMatchObject([{ url: '/health' }]);
    await app.close();
  });
});
