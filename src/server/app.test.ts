import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app';
import { loadConfig } from './config';
import { createLocalStorage } from './storage/local-storage';
import { buildTestApp, type TestApp } from './test/build-test-app';
import { createTestDatabase, type TestDatabase } from './test/test-database';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('reports the database, storage, Redis, the job backlog, the AI engine and the voice provider', async () => {
    const response = await t.app.inject({ url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      db: 'ok',
      storage: 'ok',
      redis: 'not configured',
      jobs: { due: 0, running: 0, oldest_due_seconds: 0, failed_last_hour: 0 },
      llm: 'offline',
      voice: 'not configured',
    });
  });

  it('counts jobs that are due and wait for a worker, across every instance', async () => {
    const app = await buildTestApp();
    try {
      // A kind no instance handles waits forever: the backlog an operator must see.
      await app.app.jobs.enqueue('nobody-handles-this', {});
      await app.app.jobs.enqueue(
        'nobody-handles-this',
        {},
        { runAt: new Date(Date.now() + 60_000) },
      );
      const response = await app.app.inject({ url: '/health' });
      expect(response.json().jobs).toMatchObject({ due: 1, running: 0 });
    } finally {
      await app.close();
    }
  });

  it('answers 503 and storage "down" when the storage cannot be written', async () => {
    const root = mkdtempSync(join(tmpdir(), 'mylo-health-'));
    // A file where the bucket's directory should be: nothing can be stored.
    writeFileSync(join(root, 'assignment-files'), 'in the way');
    const database = await createTestDatabase();
    const app = await buildApp({
      config: t.config,
      database,
      storage: createLocalStorage(root),
      logger: false,
      webDir: '/nonexistent',
    });
    try {
      const response = await app.inject({ url: '/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'degraded', db: 'ok', storage: 'down' });
    } finally {
      await app.close();
      await database.destroy().catch(() => {});
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('answers 503 and db "down" when the database is gone', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({
      config: t.config,
      database,
      storage: t.storage,
      logger: false,
      webDir: '/nonexistent',
    });
    try {
      await database.close();
      const response = await app.inject({ url: '/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'degraded', db: 'down', jobs: null });
    } finally {
      await app.close();
      await database.destroy().catch(() => {});
    }
  });
});

describe('errors', () => {
  it('answers an unknown API route with a JSON 404 in the error shape', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Route GET /api/nothing-here not found.' },
    });
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/xml' },
      payload: '<email/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('tags every response with a request id', async () => {
    const response = await t.app.inject({ url: '/health' });
    expect(response.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });

  it('never takes the request id from the client, so log lines cannot be forged or joined', async () => {
    const response = await t.app.inject({
      url: '/health',
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    expect(response.headers['x-request-id']).not.toBe('chosen-by-the-client');
    expect(response.headers['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy that allows only our own scripts', async () => {
    const response = await t.app.inject({ url: '/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('OpenAPI', () => {
  it('publishes the API description generated from the schemas', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/sign-in', '/api/auth/refresh', '/health']),
    );
    expect(
      doc.paths['/api/auth/sign-in'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('serves the interactive docs page', async () => {
    const response = await t.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('web client', () => {
  let webDir: string;
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'mylo-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(
      join(webDir, 'index.html'),
      '<!doctype html><title>AI Teaching Assistant</title>',
    );
    writeFileSync(join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    database = await createTestDatabase();
    const config = loadConfig({
      DATA_DIR: webDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
    });
    app = await buildApp({
      config,
      database,
      storage: createLocalStorage(join(webDir, 'files')),
      logger: false,
      webDir,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('answers client routes with index.html, never cached', async () => {
    for (const url of ['/login', '/teacher/courses/123', '/some/unknown/page']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('AI Teaching Assistant');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await app.inject({ url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('never answers /api paths or missing files with the app', async () => {
    const api = await app.inject({ url: '/api/teacher/courses' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
    const missingAsset = await app.inject({ url: '/assets/missing.js' });
    expect(missingAsset.statusCode).toBe(404);
    const post = await app.inject({ method: 'POST', url: '/login' });
    expect(post.statusCode).toBe(404);
  });
});
