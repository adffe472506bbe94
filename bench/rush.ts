// 3. Deadline rush: 200 signed-in students each upload a distinct ~1 MB PDF and submit it,
// all at once. Every submission must be present with the exact bytes that were sent. With
// several instances (one database, S3, Redis), student i uploads on one instance and submits
// on the next, as a load balancer without sticky sessions would send them.
import { createHash } from 'node:crypto';
import { loadConfig } from '@server/config';
import { createStorage } from '@server/storage/create-storage';
import type { FileStorage } from '@server/storage/file-storage';
import { startLocalS3 } from '@server/test/s3-server';
import {
  createPgDatabase,
  getJson,
  mb,
  ms,
  paddedPdf,
  percentile,
  probeHealth,
  signIn,
  startServer,
  submitUpload,
  uploadBody,
  uploadPdf,
  type BenchServer,
} from './harness';

const PDF_BYTES = 1024 * 1024;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function readStored(storage: FileStorage, key: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface RushStudent {
  token: string;
  /** The PDF the student hands in, and the upload request that carries it. */
  pdf: Buffer;
  body: ReturnType<typeof uploadBody>;
}

/**
 * The fixture's rush students, signed in on the instance `at` gives each, with their request
 * bodies built: all before the clock starts, so that a run measures sending, not building.
 */
export async function prepareRushStudents(
  at: (i: number) => BenchServer,
  pdfBytes = PDF_BYTES,
): Promise<RushStudent[]> {
  const { fixture } = at(0);
  const tokens = await Promise.all(
    fixture.rushStudentEmails.map((email, i) => signIn(at(i).base, email, fixture.password)),
  );
  return rushStudentsOf(tokens, fixture.rushAssignmentId, pdfBytes);
}

/** One student per token, each with a distinct PDF and the upload request that carries it. */
export async function rushStudentsOf(
  tokens: string[],
  assignmentId: string,
  pdfBytes = PDF_BYTES,
): Promise<RushStudent[]> {
  const students: RushStudent[] = [];
  for (const [i, token] of tokens.entries()) {
    const pdf = await paddedPdf(pdfBytes, i + 1);
    students.push({ token, pdf, body: uploadBody(assignmentId, pdf) });
  }
  return students;
}

/**
 * The probes' rush (rush-cpu, rush-timeline, rush-ab): a fresh server on PGlite, or on a fresh
 * PostgreSQL database with `postgres`, with the fixture's rush students signed in and their
 * bodies built; `measure` sends the rush (after a GC of its own), and both are gone after it.
 */
export async function onFreshRushServer<T>(
  options: {
    serverFile: string;
    postgres: boolean;
    env?: Record<string, string>;
    nodeArgs?: string[];
    pdfBytes?: number;
  },
  measure: (server: BenchServer, students: RushStudent[]) => Promise<T>,
): Promise<T> {
  const pg = options.postgres ? await createPgDatabase() : null;
  if (options.postgres && !pg) throw new Error('PostgreSQL is not reachable');
  try {
    const server = await startServer({
      serverFile: options.serverFile,
      ...(options.env && { env: options.env }),
      ...(options.nodeArgs && { nodeArgs: options.nodeArgs }),
      ...(pg && { databaseUrl: pg.url }),
    });
    try {
      const students = await prepareRushStudents(() => server, options.pdfBytes);
      return await measure(server, students);
    } finally {
      await server.close();
    }
  } finally {
    await pg?.drop();
  }
}

/**
 * Every student uploads on instance i and submits on instance i + 1, all at once: each one's
 * latency (upload + submit), the outcomes (the stored path, or why not) and the wall time.
 */
export async function handInAll(
  at: (i: number) => Pick<BenchServer, 'base'>,
  students: RushStudent[],
  rushAssignmentId: string,
) {
  const latencies: number[] = [];
  const start = performance.now();
  const outcomes = await Promise.allSettled(
    students.map(async ({ token, body }, i) => {
      const t0 = performance.now();
      const file = await uploadPdf(at(i).base, token, body);
      await submitUpload(at(i + 1).base, token, rushAssignmentId, file);
      latencies.push(performance.now() - t0);
      return file.path;
    }),
  );
  return { outcomes, latencies, wall: performance.now() - start };
}

/** For the probes that measure a rush: a failed hand-in stops the run with its error. */
export function throwFirstFailure(outcomes: PromiseSettledResult<unknown>[]): void {
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * `servers` share one database and storage (one server, or several instances); `storage`
 * reads what they stored. Answers the row of the rush table.
 */
export async function benchRush(
  servers: BenchServer[],
  database: string,
  storage: FileStorage,
): Promise<{ row: string[]; peaks: number[] }> {
  const { fixture } = servers[0]!;
  const at = (i: number) => servers[i % servers.length]!;
  const students = await prepareRushStudents(at);

  const idle: number[] = [];
  for (const server of servers) {
    await server.gc();
    idle.push(server.rss());
    server.resetPeak();
  }
  const health = probeHealth(servers[0]!.base);
  servers[0]!.startEventLoopDelay();
  const { outcomes, latencies, wall } = await handInAll(at, students, fixture.rushAssignmentId);
  const delay = await servers[0]!.stopEventLoopDelay();
  const healthLatencies = await health.stop();
  const peaks = servers.map((server) => server.peak());
  const errors = outcomes.filter((o) => o.status === 'rejected');
  for (const error of errors.slice(0, 3))
    console.error('  rush error:', (error as PromiseRejectedResult).reason);

  // Verify: the teacher sees all 200 submissions, each pointing at the file its student sent.
  const teacher = await signIn(at(1).base, fixture.rushTeacherEmail, fixture.password);
  const list = await getJson<{ items: { file_path: string | null }[] }>(
    at(1).base,
    `/api/assignments/${fixture.rushAssignmentId}/submissions`,
    teacher,
  );
  const listed = new Set(list.items.map((s) => s.file_path));
  let identical = 0;
  for (const [i, outcome] of outcomes.entries()) {
    if (outcome.status !== 'fulfilled' || !listed.has(outcome.value)) continue;
    const stored = await readStored(storage, outcome.value);
    if (sha256(stored) === sha256(students[i]!.pdf)) identical += 1;
  }
  const memory = servers.map((_, i) => `${mb(peaks[i]!)} (idle ${mb(idle[i]!)})`).join('; ');
  const row = [
    database,
    `${list.items.length} / ${students.length}`,
    `${identical} / ${students.length}`,
    String(errors.length),
    ms(percentile(latencies, 50)),
    ms(percentile(latencies, 95)),
    ms(wall),
    `${ms(percentile(healthLatencies, 99))} (${healthLatencies.length} requests)`,
    `${ms(delay.p99)} / ${ms(delay.max)}`,
    memory,
  ];
  return { row, peaks };
}

/**
 * Issue 16's proof at load: two instances on one PostgreSQL database, one S3-compatible server
 * (s3rver, on loopback) and Redis; each student uploads on one and submits on the other.
 */
export async function benchTwoInstanceRush(serverFile: string): Promise<string[]> {
  const label = 'PostgreSQL + S3 + Redis, 2 instances';
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const pgDb = await createPgDatabase();
  if (!pgDb) return [label, ...Array<string>(9).fill('skipped: PostgreSQL not reachable')];
  const s3 = await startLocalS3();
  const env = {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `mylo-bench-${process.pid}:`,
  };
  const servers: BenchServer[] = [];
  try {
    servers.push(await startServer({ databaseUrl: pgDb.url, serverFile, env }));
    servers.push(
      await startServer({
        databaseUrl: pgDb.url,
        serverFile,
        env,
        sharedFixture: servers[0]!.fixture,
      }),
    );
    const storage = await createStorage(loadConfig({ ...env, JWT_SECRET: 'x'.repeat(32) }));
    return (await benchRush(servers, label, storage)).row;
  } finally {
    for (const server of servers) await server.close();
    await s3.close();
    await pgDb.drop();
  }
}
