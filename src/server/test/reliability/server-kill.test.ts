// The real server, killed with SIGKILL while a student's upload is half sent, then started again
// on the same data: no submission row appeared, and no partial or temp file is left in storage.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { multipartBody } from '../multipart';
import { textPdf } from '../pdf-fixtures';

const dataDir = mkdtempSync(join(tmpdir(), 'mylo-kill-'));
const storageDir = join(dataDir, 'files');
let databaseUrl: string | undefined;
let adminUrl: string | undefined;
let databaseName: string | undefined;
let server: ChildProcess | undefined;
let port = 0;

beforeAll(async () => {
  if (process.env.TEST_DB === 'postgres') {
    adminUrl = process.env.TEST_DATABASE_URL!;
    databaseName = `mylo_kill_${randomBytes(6).toString('hex')}`;
    await runAdmin(`create database ${databaseName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  port = await freePort();
}, 60_000);

afterAll(async () => {
  server?.kill('SIGKILL');
  if (databaseName) await runAdmin(`drop database if exists ${databaseName} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
});

it('A server killed mid-upload leaves no row and no partial file after it restarts', async () => {
  server = await startServer();
  const session = await api<{ access_token: string }>('POST', '/api/auth/sign-in', undefined, {
    email: 'sam.patel@school.test',
    password: 'mylo-demo-2026',
  });
  const token = session.access_token;
  const { items: assignments } = await api<{ items: { id: string }[] }>(
    'GET',
    '/api/me/assignments',
    token,
  );
  const assignment = assignments[0];
  expect(assignment).toBeDefined();
  const submissionsBefore = await api<{ items: unknown[] }>('GET', '/api/me/submissions', token);
  const filesBefore = await storedFiles();

  // Half of a 2 MB upload, then the server dies while it is waiting for the rest.
  const body = multipartBody([
    { name: 'assignment_id', value: assignment!.id },
    {
      name: 'file',
      filename: 'essay.pdf',
      contentType: 'application/pdf',
      data: Buffer.concat([await textPdf(), Buffer.alloc(2 * 1024 * 1024, 0x20)]),
    },
  ]);
  const upload = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/files',
    headers: {
      ...body.headers,
      'content-length': body.payload.length,
      authorization: `Bearer ${token}`,
    },
  });
  const uploadSettled = new Promise<void>((resolve) => {
    upload.on('error', () => resolve());
    upload.on('response', (response) => {
      response.resume();
      response.on('close', () => resolve());
    });
  });
  upload.write(body.payload.subarray(0, body.payload.length / 2));
  // The server has started writing the upload when a temp file appears in storage.
  await waitFor(async () => (await storedFiles()).some((path) => path.includes('.tmp-')));
  const killed = server;
  await new Promise<void>((resolve) => {
    killed.once('exit', () => resolve());
    killed.kill('SIGKILL');
  });
  upload.destroy();
  await uploadSettled;

  server = await startServer();
  const submissionsAfter = await api<{ items: unknown[] }>('GET', '/api/me/submissions', token);
  expect(submissionsAfter.items).toHaveLength(submissionsBefore.items.length);
  expect(await storedFiles()).toEqual(filesBefore);
}, 120_000);

async function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'a-fixed-secret-for-the-server-kill-test-0123456789',
      LLM_PROVIDER: 'offline',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));
  await waitFor(async () => {
    if (exited) throw new Error(`server exited: ${stderr}`);
    return fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    );
  }, 60_000);
  return child;
}

async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Every file under the storage directory, temp files included. */
async function storedFiles() {
  const entries = await readdir(storageDir, { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(storageDir, join(entry.parentPath, entry.name)))
    .sort();
}

async function freePort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Polls a condition (a synchronisation point, not a timing assertion). */
async function waitFor(condition: () => Promise<boolean>, limitMs = 20_000) {
  for (let waited = 0; waited < limitMs; waited += 50) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`condition not met within ${limitMs} ms`);
}

async function runAdmin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
