// Issue 16, "proof with several instances": two real server processes on one PostgreSQL
// database, one S3-compatible server (s3rver) and Redis, and a client that alternates between
// them. Mylo grades through a hosted model: a loopback fake speaking OpenAI's wire format that
// answers slowly, so that an instance can be killed while a grading job is in flight.
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { startFakeOpenAi, type FakeLlmServer } from '../fakes/fake-openai';
import { multipartBody } from '../multipart';
import { textPdf } from '../pdf-fixtures';
import { deleteKeys, freshKeyPrefix, testRedisUrl } from '../redis';
import { startLocalS3, type LocalS3 } from '../s3-server';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { startInstance, type Instance } from './instances';

const PASSWORD = 'a long and unusual passphrase 42';
const RUBRIC = '## Thesis (10 points)\n## Evidence (10 points)';
const SIGN_IN_MAX_ATTEMPTS = 3;

/** What the model answers for every submission: a valid grade against RUBRIC. */
const modelAnswer = {
  rubric_breakdown: [
    {
      criteria: 'Thesis',
      points_earned: 9,
      max_points: 10,
      justification: 'Clear.',
      quality_assessment: 'Excellent',
    },
    {
      criteria: 'Evidence',
      points_earned: 7,
      max_points: 10,
      justification: 'Thin.',
      quality_assessment: 'Good',
    },
  ],
  grade: 16,
  confidence_level: 0.8,
  feedback: {
    overall: 'Good.',
    strengths: ['Thesis'],
    areas_for_improvement: ['Data'],
    missing_elements: [],
  },
  recommendations: ['Cite sources.'],
  injection_attempts: [],
};

let database: TestDatabase;
let s3: LocalS3;
let model: FakeLlmServer;
let keyPrefix: string;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  database = await createTestDatabase();
  if (!database.url) throw new Error('the scale tests run on PostgreSQL (TEST_DB=postgres)');
  s3 = await startLocalS3();
  model = await startFakeOpenAi();
  keyPrefix = freshKeyPrefix();
  const env = {
    DATABASE_URL: database.url,
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    REDIS_URL: testRedisUrl(),
    REDIS_KEY_PREFIX: keyPrefix,
    // One deployment: every instance signs and checks tokens with the same secret.
    JWT_SECRET: randomBytes(32).toString('hex'),
    LLM_PROVIDER: 'openai-compatible',
    LLM_BASE_URL: model.url,
    LLM_MODEL: 'fake-model',
    SIGN_IN_MAX_ATTEMPTS: String(SIGN_IN_MAX_ATTEMPTS),
    SIGN_UP_MAX_PER_HOUR: '1000',
    JOB_CONCURRENCY: '2',
    CPU_WORKERS: '1',
  };
  // Started together, as an orchestrator would: migrations take a lock, so one applies them.
  [a, b] = await Promise.all([startInstance('a', env), startInstance('b', env)]);
}, 180_000);

afterAll(async () => {
  await Promise.allSettled([a?.stop(), b?.stop()]);
  await Promise.allSettled([model?.close(), s3?.close(), deleteKeys(keyPrefix)]);
  await database?.destroy();
}, 60_000);

// ---- a client that talks HTTP to one instance or the other ----

interface Call {
  token?: string;
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
}

async function call(instance: Instance, method: string, path: string, options: Call = {}) {
  const response = await fetch(`${instance.url}${path}`, {
    method,
    headers: {
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...(options.json !== undefined && { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body:
      options.json !== undefined
        ? JSON.stringify(options.json)
        : options.body && new Uint8Array(options.body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- reads many response shapes
  return { status: response.status, json: json as Record<string, any>, text };
}

async function ok(instance: Instance, method: string, path: string, options: Call = {}) {
  const response = await call(instance, method, path, options);
  if (response.status >= 300) {
    throw new Error(`${instance.name} ${method} ${path}: ${response.status} ${response.text}`);
  }
  return response.json;
}

interface Account {
  id: string;
  email: string;
  token: string;
  refreshToken: string;
}

async function signUp(instance: Instance, role: 'teacher' | 'student'): Promise<Account> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.test`;
  const session = await ok(instance, 'POST', '/api/auth/sign-up', {
    json: { email, password: PASSWORD, full_name: `A ${role}`, role },
  });
  return {
    id: session.user.id,
    email,
    token: session.access_token,
    refreshToken: session.refresh_token,
  };
}

/** A course of the teacher's with a published assignment Mylo can grade. */
async function classroom(teacher: Account) {
  const course = await ok(a, 'POST', '/api/courses', {
    token: teacher.token,
    json: { title: `Essays ${randomUUID().slice(0, 4)}` },
  });
  const assignment = await ok(b, 'POST', `/api/courses/${course.id}/assignments`, {
    token: teacher.token,
    json: { title: 'Argument', total_points: 20, status: 'published', rubric_markdown: RUBRIC },
  });
  return { courseId: course.id as string, assignmentId: assignment.id as string };
}

/** A new student enrols, uploads through `uploadTo` and submits through the other instance. */
async function studentSubmits(
  ids: { courseId: string; assignmentId: string },
  uploadTo: Instance,
  submitTo: Instance,
) {
  const student = await signUp(submitTo, 'student');
  await ok(uploadTo, 'POST', `/api/courses/${ids.courseId}/enrollments`, { token: student.token });
  const pdf = await textPdf([`My thesis, by ${student.email}: evidence matters.`]);
  const form = multipartBody([
    { name: 'assignment_id', value: ids.assignmentId },
    { name: 'file', filename: 'essay.pdf', contentType: 'application/pdf', data: pdf },
  ]);
  const file = await ok(uploadTo, 'POST', '/api/files', {
    token: student.token,
    body: form.payload,
    headers: form.headers,
  });
  await ok(submitTo, 'PUT', `/api/assignments/${ids.assignmentId}/submissions/me`, {
    token: student.token,
    json: { file_path: file.path, file_size: file.size, original_filename: 'essay.pdf' },
  });
  return { student, file, pdf };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, withinMs: number) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      throw new Error(
        `timed out waiting for ${what}\n--- a ---\n${a.output()}\n--- b ---\n${b.output()}`,
      );
    }
    await sleep(250);
  }
}

const jobsOf = (assignmentId: string) =>
  database.db
    .select({ state: jobs.state, owner: jobs.lease_owner, attempts: jobs.attempts })
    .from(jobs)
    .where(eq(jobs.group_id, assignmentId));

/** Lease owners are "host:pid:…": which instance is it? */
const ranOn = (owner: string | null) =>
  [a, b].find((instance) => owner?.split(':')[1] === String(instance.pid))?.name;

describe('Two instances on PostgreSQL, S3 and Redis', { timeout: 180_000 }, () => {
  it('a session begun on one instance is refreshed on the other, and ends on both', async () => {
    const teacher = await signUp(a, 'teacher');
    expect((await ok(b, 'GET', '/api/auth/session', { token: teacher.token })).user.id).toBe(
      teacher.id,
    );

    const refreshed = await ok(b, 'POST', '/api/auth/refresh', {
      json: { refresh_token: teacher.refreshToken },
    });
    expect(
      (await ok(a, 'GET', '/api/auth/session', { token: refreshed.access_token })).user.email,
    ).toBe(teacher.email);
    // The spent token, replayed on the first instance: refused, and the session is revoked.
    const replay = await call(a, 'POST', '/api/auth/refresh', {
      json: { refresh_token: teacher.refreshToken },
    });
    expect(replay.status).toBe(401);
    // Each instance remembers a live session for at most 5 seconds (decision 017).
    await until(
      'the revoked session to end on the other instance',
      async () =>
        (await call(b, 'GET', '/api/auth/session', { token: refreshed.access_token })).status ===
        401
          ? true
          : undefined,
      8_000,
    );
  });

  it('a PDF uploaded through one instance is submitted through the other and read back through either', async () => {
    const teacher = await signUp(b, 'teacher');
    const ids = await classroom(teacher);
    const { file, pdf } = await studentSubmits(ids, a, b);

    const listed = await ok(a, 'GET', `/api/assignments/${ids.assignmentId}/submissions`, {
      token: teacher.token,
    });
    expect(listed.items.map((row: { file_path: string }) => row.file_path)).toEqual([file.path]);

    const signed = await ok(b, 'POST', '/api/files/signed-url', {
      token: teacher.token,
      json: { path: file.path, expires_in: 600 },
    });
    const link = new URL(signed.url, b.url);
    const download = await fetch(`${a.url}${link.pathname}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    const range = await fetch(`${b.url}${link.pathname}`, { headers: { range: 'bytes=0-4' } });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe('%PDF-');
  });

  it('a course list and dashboard read on one instance show what the other just wrote', async () => {
    const teacher = await signUp(a, 'teacher');
    const listedOn = async (instance: Instance) =>
      (await ok(instance, 'GET', '/api/courses', { token: teacher.token })).items as {
        title: string;
        student_count: number;
      }[];
    // Read twice on b: the second answer may be the kept one (decision 040).
    for (let i = 0; i < 2; i++) expect(await listedOn(b)).toEqual([]);

    const course = await ok(a, 'POST', '/api/courses', {
      token: teacher.token,
      json: { title: 'Chemistry' },
    });
    expect((await listedOn(b)).map((row) => row.title)).toEqual(['Chemistry']);
    await ok(a, 'PATCH', `/api/courses/${course.id}`, {
      token: teacher.token,
      json: { title: 'Organic chemistry' },
    });
    expect((await listedOn(b)).map((row) => row.title)).toEqual(['Organic chemistry']);

    const student = await signUp(b, 'student');
    await ok(a, 'POST', `/api/courses/${course.id}/enrollments`, { token: student.token });
    expect((await listedOn(b))[0]!.student_count).toBe(1);
    const dashboard = await ok(b, 'GET', '/api/dashboard', { token: teacher.token });
    expect(dashboard.stats).toMatchObject({ total_courses: 1 });
  });

  it('the sign-in limit of an account is one budget across both instances', async () => {
    const student = await signUp(a, 'student');
    const attempt = (instance: Instance) =>
      call(instance, 'POST', '/api/auth/sign-in', {
        json: { email: student.email, password: 'not the password' },
      });
    for (let i = 0; i < SIGN_IN_MAX_ATTEMPTS; i++) {
      expect((await attempt(i % 2 === 0 ? a : b)).status).toBe(401);
    }
    for (const instance of [a, b]) {
      const refused = await attempt(instance);
      expect(refused.status).toBe(429);
      expect(refused.json.error.message).toBe(
        'Too many sign-in attempts. Please wait a few minutes and try again.',
      );
    }
  });

  it('grading jobs started on one instance are run by both', async () => {
    const teacher = await signUp(a, 'teacher');
    const ids = await classroom(teacher);
    for (let i = 0; i < 6; i++) await studentSubmits(ids, i % 2 ? a : b, i % 2 ? b : a);
    model.enqueue(...Array.from({ length: 6 }, () => ({ json: modelAnswer, delayMs: 1500 })));

    const started = await ok(a, 'POST', `/api/assignments/${ids.assignmentId}/auto-grading`, {
      token: teacher.token,
      json: {},
    });
    expect(started.changed).toBe(6);
    await until(
      'the class to be graded',
      async () => {
        const status = await ok(b, 'GET', `/api/assignments/${ids.assignmentId}/auto-grading`, {
          token: teacher.token,
        });
        return status.counts.done === 6 ? status : undefined;
      },
      60_000,
    );
    const finished = await jobsOf(ids.assignmentId);
    expect(finished.every((job) => job.state === 'done')).toBe(true);
    expect(new Set(finished.map((job) => ranOn(job.owner)))).toEqual(new Set(['a', 'b']));
  });

  it('jobs cut off by a crashed instance are finished by the other once their lease runs out', async () => {
    const teacher = await signUp(b, 'teacher');
    const ids = await classroom(teacher);
    for (let i = 0; i < 4; i++) await studentSubmits(ids, b, b);
    // Slow answers: the crash comes while both instances wait on the model.
    model.enqueue(...Array.from({ length: 8 }, () => ({ json: modelAnswer, delayMs: 4000 })));
    await ok(a, 'POST', `/api/assignments/${ids.assignmentId}/auto-grading`, {
      token: teacher.token,
      json: {},
    });

    await until(
      'instance a to hold grading jobs',
      async () => {
        const running = (await jobsOf(ids.assignmentId)).filter((job) => job.state === 'running');
        return running.some((job) => ranOn(job.owner) === 'a') ? true : undefined;
      },
      10_000,
    );
    const heldByA = (await jobsOf(ids.assignmentId)).filter(
      (job) => job.state === 'running' && ranOn(job.owner) === 'a',
    ).length;
    await a.crash();

    const status = await until(
      'instance b to finish every job',
      async () => {
        const current = await ok(b, 'GET', `/api/assignments/${ids.assignmentId}/auto-grading`, {
          token: teacher.token,
        });
        return current.counts.done === 4 ? current : undefined;
      },
      120_000,
    );
    expect(status.counts).toMatchObject({ queued: 0, running: 0, failed: 0 });
    expect(
      status.submissions.every((row: { suggestion: unknown }) => row.suggestion !== null),
    ).toBe(true);
    const finished = await jobsOf(ids.assignmentId);
    expect(finished.every((job) => ranOn(job.owner) === 'b')).toBe(true);
    // The jobs the crash cut off ran a second time.
    expect(finished.filter((job) => job.attempts === 2)).toHaveLength(heldByA);
    expect(heldByA).toBeGreaterThan(0);

    const health = await ok(b, 'GET', '/health');
    expect(health).toMatchObject({ status: 'ok', db: 'ok', storage: 'ok', redis: 'ok' });
  });
});
