// Faults the platform must survive: a storage write that fails mid-stream, an AI provider that
// is down, and (on PostgreSQL) database connections terminated under the app's feet.
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '../../storage/file-storage';
import { buildTestApp, type TestApp } from '../build-test-app';
import { textPdf } from '../pdf-fixtures';
import { uploadPdf } from '../uploads';
import { buildReliabilityApp, buildWorld, isErrorShape, snapshot, type World } from './world';

let t: TestApp;
let world: World;

beforeAll(async () => {
  t = await buildReliabilityApp();
  world = await buildWorld(t);
});
afterAll(() => t.close());

describe('A storage write that fails mid-stream', () => {
  it('answers an error, keeps no partial file and writes no row; the next upload works', async () => {
    const realPut = t.storage.put;
    let bytesPassed = 0;
    // The real local storage, fed a stream that breaks halfway through (a disk error).
    t.storage.put = (async (key, source, options) => {
      const failing = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          if (bytesPassed > 0) return callback();
          const half = chunk.subarray(0, Math.ceil(chunk.length / 2));
          bytesPassed += half.length;
          this.push(half);
          setImmediate(() => callback(Object.assign(new Error('EIO: i/o error'), { code: 'EIO' })));
        },
      });
      pipeline(source as Readable, failing).catch(() => {});
      return realPut(key, failing, options);
    }) as FileStorage['put'];

    const before = await snapshot(t);
    const data = Buffer.concat([await textPdf(), Buffer.alloc(512 * 1024, 0x20)]);
    try {
      const response = await uploadPdf(t, world.enrolledStudent, world.assignment.id, { data });
      expect(response.statusCode).toBeGreaterThanOrEqual(500);
      expect(isErrorShape(response.json()), response.body).toBe(true);
    } finally {
      t.storage.put = realPut;
    }
    expect(bytesPassed).toBeGreaterThan(0);
    expect(await snapshot(t)).toEqual(before);

    const again = await uploadPdf(t, world.enrolledStudent, world.assignment.id);
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe('An AI provider that is down', () => {
  it('fails auto-grading with a clear 422 and saves nothing', async () => {
    const port = await closedPort();
    const down = await buildTestApp({
      config: {
        llm: {
          provider: 'openai',
          apiKey: 'test-key',
          baseUrl: `http://127.0.0.1:${port}/v1`,
          model: 'gpt-test',
        },
      },
    });
    try {
      const downWorld = await buildWorld(down);
      const before = await snapshot(down);
      const response = await down.app.inject({
        method: 'POST',
        url: '/api/agent/grade-submission',
        headers: downWorld.owningTeacher.headers,
        payload: {
          submission_id: downWorld.submission.id,
          assignment_id: downWorld.assignment.id,
          course_id: downWorld.course.id,
        },
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().error.code).toBe('AUTO_GRADE_FAILED');
      expect(isErrorShape(response.json())).toBe(true);
      expect(await snapshot(down)).toEqual(before);
    } finally {
      await down.close();
    }
  });
});

/** A port nothing listens on: bound once, then released. */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

// Terminating backends is a PostgreSQL fault; PGlite runs in-process and has no connections to
// drop, so this block exists only in the PostgreSQL project (it is not registered, not skipped).
if (process.env.TEST_DB === 'postgres') {
  describe('PostgreSQL connections terminated during requests', () => {
    it('answers 503 for the requests in flight, then serves again without a restart', async () => {
      expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
      // Hold a lock so the app's queries are certainly in flight when their backends go.
      const admin = await lockCourses();
      try {
        const inFlight = [1, 2].map(readCourse);
        await waitFor(async () => (await lockWaiters(admin)) >= inFlight.length);
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid()`,
        );
        const answers = await Promise.all(inFlight);
        expect(answers.map((r) => r.statusCode)).toEqual([503, 503]);
        for (const answer of answers) {
          expect(answer.json().error.code).toBe('SERVICE_UNAVAILABLE');
        }
        await admin.query('rollback');
      } finally {
        await admin.end();
      }
      const next = await readCourse();
      expect(next.statusCode, next.body).toBe(200);
      const again = await t.app.inject({
        url: '/api/dashboard',
        headers: world.owningTeacher.headers,
      });
      expect(again.statusCode, again.body).toBe(200);
      // /health's own connection was ended too; it reconnects on a later ping.
      await waitFor(async () => (await t.app.inject({ url: '/health' })).statusCode === 200);
      expect((await t.app.inject({ url: '/health' })).json().db).toBe('ok');
    });

    it('answers /health at once while every pooled connection waits on a lock', async () => {
      expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
      const admin = await lockCourses();
      try {
        // More requests than the pool has connections: all of them wait on the lock.
        const blocked = Array.from({ length: 12 }, readCourse);
        await waitFor(async () => (await lockWaiters(admin)) >= 10);
        const health = await t.app.inject({ url: '/health' });
        expect(health.statusCode).toBe(200);
        expect(health.json().db).toBe('ok');
        await admin.query('rollback');
        const answers = await Promise.all(blocked);
        expect(answers.map((r) => r.statusCode)).toEqual(blocked.map(() => 200));
      } finally {
        await admin.end();
      }
    });
  });
}

/**
 * The teacher's course, read from the courses table every time. (Their course list would not
 * do: while nothing is written it is answered from memory, the lock or no lock: decision 040.)
 */
function readCourse() {
  return t.app.inject({
    url: `/api/courses/${world.course.id}`,
    headers: world.owningTeacher.headers,
  });
}

/** A connection of its own, holding the courses table until it rolls back. */
async function lockCourses(): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: await currentDatabaseUrl() });
  await admin.connect();
  await admin.query('begin');
  await admin.query('lock table courses in access exclusive mode');
  return admin;
}

/** How many of the database's connections wait on a lock, seen from `admin`'s transaction. */
async function lockWaiters(admin: pg.Client): Promise<number> {
  // Inside the transaction, pg_stat_activity answers from a snapshot taken at its first read:
  // without clearing it, a poll that came too early would never see the waiters.
  await admin.query('select pg_stat_clear_snapshot()');
  const waiting = await admin.query(
    `select count(*)::int as n from pg_stat_activity
     where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return waiting.rows[0].n;
}

/** The URL of the database this test file's app uses. */
async function currentDatabaseUrl() {
  const result = await t.database.db.execute(sql`select current_database() as name`);
  const [{ name }] = (result as unknown as { rows: { name: string }[] }).rows as [{ name: string }];
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Polls a condition (a synchronisation point, not a timing assertion), giving up after 10 s. */
async function waitFor(condition: () => Promise<boolean>) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not met within 10 s');
}
