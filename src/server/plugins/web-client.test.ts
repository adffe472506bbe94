import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler';
import { webClient } from './web-client';

const INDEX = '<!doctype html><title>AI Teaching Assistant</title>'.repeat(20);
const SCRIPT = 'console.log("the client");\n'.repeat(200);
const STYLES = 'body{color:#111}\n'.repeat(10);

/** A built client as `vite build` leaves it: plain files, with .br and .gz beside most. */
function writeBuiltClient(dir: string) {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(join(dir, 'index.html.gz'), gzipSync(INDEX));
  writeFileSync(join(dir, 'assets', 'main-Ab12Cd34.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'main-Ab12Cd34.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, 'assets', 'main-Ab12Cd34.js.gz'), gzipSync(SCRIPT));
  // Too small to gain from compression: the build wrote no siblings.
  writeFileSync(join(dir, 'assets', 'tiny-Ef56Gh78.css'), STYLES);
}

describe('web client', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mylo-web-client-'));
    writeBuiltClient(dir);
    app = Fastify({ logger: false });
    await app.register(errorHandler);
    await app.register(webClient, { webDir: dir });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends a hashed script brotli-compressed to a browser that accepts brotli', async () => {
    const response = await get('/assets/main-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip, then to the plain file, as the browser allows', async () => {
    const gzipped = await get('/assets/main-Ab12Cd34.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    for (const acceptEncoding of ['identity', undefined]) {
      const plain = await get('/assets/main-Ab12Cd34.js', acceptEncoding);
      expect(plain.headers['content-encoding']).toBeUndefined();
      // A shared cache must not hand this plain copy to a browser that accepts brotli.
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(SCRIPT);
    }
  });

  it('sends a file without compressed siblings as it is', async () => {
    const response = await get('/assets/tiny-Ef56Gh78.css', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.body).toBe(STYLES);
  });

  it('answers every client route with index.html, compressed and never cached unchecked', async () => {
    for (const url of ['/login', '/teacher/courses/1234/edit']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
    }
    const gzipped = await get('/student/dashboard', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(INDEX);
  });

  it('keeps API paths and missing files out of the client', async () => {
    const api = await get('/api/nothing-here', 'br');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const missing = await get('/assets/gone-00000000.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
  });
});
