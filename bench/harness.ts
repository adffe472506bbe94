// Shared helpers for the benchmarks: a real server in a child process, its memory, fresh
// PostgreSQL databases, HTTP calls and the statistics every table uses.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createTextPdf } from '@server/demo/text-pdf';
import { multipartBody } from '@server/test/multipart';
import { startCommand } from '../scripts/start-command';
import type { BenchFixture } from './seed';

export type DbKind = 'pglite' | 'postgres';

export interface EventLoopDelay {
  p50: number;
  p99: number;
  max: number;
}

export interface ServerMemory {
  usage: NodeJS.MemoryUsage;
  heap: { space_name: string; space_used_size: number; physical_space_size: number }[];
  code: {
    code_and_metadata_size: number;
    bytecode_and_metadata_size: number;
    external_script_source_size: number;
  };
}

export interface BenchServer {
  base: string;
  pid: number;
  fixture: BenchFixture;
  storageDir: string;
  /** Current resident set size of the server process, in bytes (/proc/<pid>/status VmRSS). */
  rss(): number;
  /** Starts sampling the server's CPU (the inspector's profiler). */
  startCpuProfile(): void;
  /** Stops sampling and answers the profile (Chrome DevTools' .cpuprofile format). */
  stopCpuProfile(): Promise<unknown>;
  /** Starts sampling the server's event-loop delay (perf_hooks.monitorEventLoopDelay, 5 ms). */
  startEventLoopDelay(): void;
  /** Stops sampling and answers the delay's p50, p99 and maximum in milliseconds. */
  stopEventLoopDelay(): Promise<EventLoopDelay>;
  /** The server's own view of its memory (process.memoryUsage and V8's heap statistics). */
  memory(): Promise<ServerMemory>;
  /** Runs a full garbage collection in the server and waits for it. */
  gc(): Promise<void>;
  /** Resets the kernel's peak-RSS counter (VmHWM) of the server process. */
  resetPeak(): void;
  /** Peak RSS since the last reset, in bytes (VmHWM, and 50 ms samples as a floor). */
  peak(): number;
  close(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The bench server, compiled like `npm run build` compiles the real one (plain JavaScript, no
 * transpiler in the process whose memory is measured), with its CPU worker beside it.
 */
export async function compileBenchServer(): Promise<string> {
  const { buildServer } = await import('../scripts/build.mjs');
  // Inside the project, so that the compiled server resolves its packages from node_modules.
  const outdir = join(ROOT, 'dist', 'bench-server');
  await buildServer({
    outdir,
    entries: {
      'server-child': 'bench/server-child.ts',
      'cpu-tasks.worker': 'src/server/cpu-tasks.worker.ts',
    },
  });
  return join(outdir, 'server-child.js');
}

function procStatusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match?.[1]) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

export async function startServer(options: {
  databaseUrl?: string;
  webDir?: string;
  serverFile: string;
  /** Extra environment for the server. */
  env?: Record<string, string>;
  /** Node.js options after `npm start`'s own (BENCH_SERVER_NODE_ARGS when not given). */
  nodeArgs?: string[];
  /** Another instance on the same database: no seeding, the first instance's fixture. */
  sharedFixture?: BenchFixture;
}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mylo-bench-'));
  // The server as `npm start` runs it: its environment and Node.js options (decisions 033, 034).
  const start = startCommand();
  const child: ChildProcess = fork(options.serverFile, [], {
    cwd: ROOT,
    execArgv: [
      ...start.nodeOptions,
      '--expose-gc',
      ...(options.nodeArgs ?? process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
    env: {
      ...process.env,
      ...start.env,
      ...options.env,
      BENCH_DATA_DIR: dataDir,
      BENCH_STORAGE_DIR: join(dataDir, 'files'),
      ...(options.databaseUrl && { BENCH_DATABASE_URL: options.databaseUrl }),
      ...(options.webDir && { BENCH_WEB_DIR: options.webDir }),
      ...(options.sharedFixture && { BENCH_SKIP_SEED: '1' }),
    },
    // The server's log lines (stdout) are written and discarded; its errors (stderr) are shown.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ port: number; fixture: BenchFixture; storageDir: string }>(
    (resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
      child.on('message', (message: { type?: string } & Record<string, unknown>) => {
        if (message.type === 'ready') resolve(message as never);
      });
    },
  );
  const pid = child.pid!;
  let sampledPeak = 0;
  const sampler = setInterval(() => {
    try {
      sampledPeak = Math.max(sampledPeak, procStatusKb(pid, 'VmRSS'));
    } catch {
      // The process is gone; close() is on its way.
    }
  }, 50);
  sampler.unref();
  let hwmAvailable = true;
  return {
    base: `http://127.0.0.1:${ready.port}`,
    pid,
    fixture: options.sharedFixture ?? ready.fixture,
    storageDir: ready.storageDir,
    rss: () => procStatusKb(pid, 'VmRSS'),
    startCpuProfile: () => child.send({ type: 'cpu-profile-start' }),
    stopCpuProfile: () =>
      new Promise((resolve) => {
        const onMessage = (message: { type?: string; profile?: unknown }) => {
          if (message.type !== 'cpu-profile') return;
          child.off('message', onMessage);
          resolve(message.profile);
        };
        child.on('message', onMessage);
        child.send({ type: 'cpu-profile-stop' });
      }),
    startEventLoopDelay: () => child.send({ type: 'event-loop-start' }),
    stopEventLoopDelay: () =>
      new Promise((resolve) => {
        const onMessage = (message: { type?: string; delay?: EventLoopDelay }) => {
          if (message.type !== 'event-loop' || !message.delay) return;
          child.off('message', onMessage);
          resolve(message.delay);
        };
        child.on('message', onMessage);
        child.send({ type: 'event-loop-stop' });
      }),
    memory: () =>
      new Promise((resolve) => {
        const onMessage = (message: { type?: string } & Partial<ServerMemory>) => {
          if (message.type !== 'memory') return;
          child.off('message', onMessage);
          resolve(message as ServerMemory);
        };
        child.on('message', onMessage);
        child.send({ type: 'memory' });
      }),
    gc: () =>
      new Promise<void>((resolve) => {
        const onMessage = (message: { type?: string }) => {
          if (message.type !== 'gc-done') return;
          child.off('message', onMessage);
          resolve();
        };
        child.on('message', onMessage);
        child.send({ type: 'gc' });
      }),
    resetPeak: () => {
      sampledPeak = procStatusKb(pid, 'VmRSS');
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, '5');
      } catch {
        hwmAvailable = false;
      }
    },
    peak: () =>
      Math.max(
        sampledPeak,
        hwmAvailable ? procStatusKb(pid, 'VmHWM') : 0,
        procStatusKb(pid, 'VmRSS'),
      ),
    close: async () => {
      clearInterval(sampler);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'close' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh PostgreSQL database for one run, or null when PostgreSQL is not reachable. */
export async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const name = `mylo_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok)
    throw new Error(`sign-in ${email}: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

export async function getJson<T>(base: string, path: string, token: string): Promise<T> {
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A real one-page PDF padded to `size` bytes with `seed`-dependent bytes in an unused stream. */
export async function paddedPdf(size: number, seed: number): Promise<Buffer> {
  const paragraphs = [`Essay number ${seed}: hash tables and their load factor.`];
  return Buffer.from(await createTextPdf({ paragraphs }, { padToBytes: size, seed }));
}

/** Sequential GET /health until stopped: the latency a load balancer would see. */
export function probeHealth(base: string) {
  const latencies: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const t0 = performance.now();
      await httpRequest(`${base}/health`);
      latencies.push(performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return latencies;
    },
  };
}

/**
 * One keep-alive connection pool for the bench's own requests. node:http rather than fetch:
 * fetch turns a Buffer body into a web stream, and sending 200 × 1 MB that way cost the load
 * generator 2.4 s of CPU against 0.3 s here, on the same two cores as the server it measures.
 */
const benchAgent = new http.Agent({ keepAlive: true, maxSockets: 512 });

export function httpRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    // A Buffer is sent as it is: copying each 1 MB upload again cost the load generator CPU
    // on the cores the server is measured on.
    const body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body;
    const request = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: benchAgent,
        headers: { ...options.headers, ...(body && { 'content-length': String(body.length) }) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The multipart body of an upload, built before a timed run so that the run sends only. */
export function uploadBody(assignmentId: string, pdf: Buffer) {
  return multipartBody([
    { name: 'assignment_id', value: assignmentId },
    { name: 'file', filename: 'essay.pdf', contentType: 'application/pdf', data: pdf },
  ]);
}

/** POST /api/files as a student: the stored upload, or an error naming the status. */
export async function uploadPdf(base: string, token: string, body: ReturnType<typeof uploadBody>) {
  const response = await httpRequest(`${base}/api/files`, {
    method: 'POST',
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    body: body.payload,
  });
  if (response.status !== 201) throw new Error(`upload ${response.status}: ${response.text}`);
  return JSON.parse(response.text) as { path: string; size: number; original_filename: string };
}

/** PUT the student's submission of an upload; throws unless it succeeded. */
export async function submitUpload(
  base: string,
  token: string,
  assignmentId: string,
  file: { path: string; size: number; original_filename: string },
) {
  const response = await httpRequest(`${base}/api/assignments/${assignmentId}/submissions/me`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      file_path: file.path,
      file_size: file.size,
      original_filename: file.original_filename,
    }),
  });
  if (response.status !== 200) throw new Error(`submit ${response.status}: ${response.text}`);
  return response;
}

export const median = (values: number[]) => percentile(values, 50);

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

export interface Table {
  title: string;
  note?: string;
  columns: string[];
  rows: string[][];
}

export function renderTable({ title, note, columns, rows }: Table): string {
  const line = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [
    `## ${title}`,
    '',
    ...(note ? [note, ''] : []),
    line(columns),
    line(columns.map(() => '---')),
    ...rows.map(line),
    '',
  ].join('\n');
}
