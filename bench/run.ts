// `npm run bench`: every benchmark, on PGlite and on PostgreSQL side by side in one run,
// written to bench/results.md with the machine, the date and the command behind each row.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { createLocalStorage } from '@server/storage/local-storage';
import { benchClassGrading } from './class-grading';
import { benchDashboard } from './dashboard';
import {
  compileBenchServer,
  createPgDatabase,
  mb,
  renderTable,
  startServer,
  type BenchServer,
  type Table,
} from './harness';
import { benchExtractionLoad, EXTRACTION_LOAD } from './extraction-load';
import { benchLargeUploads, LARGE_UPLOADS } from './large-uploads';
import { benchIdleMemory, IDLE_SECONDS } from './memory';
import { benchPdfExtraction, PDF_PAGES } from './pdf-extract';
import { benchQuietHandIn, QUIET_HAND_IN_NOTE } from './quiet-hand-in';
import { benchRush, benchTwoInstanceRush } from './rush';
import { DASHBOARD_SHAPE, RUSH_STUDENTS } from './seed';
import { benchThroughput, THROUGHPUT } from './throughput';
import { benchWeb } from './web';
import { benchLoginWire, LOGIN_WIRE_COLUMNS } from './web-wire';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = fileURLToPath(new URL('./results.md', import.meta.url));
const DASHBOARD_RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 15);
const SECONDS = Number(process.env.BENCH_SECONDS ?? THROUGHPUT.seconds);
const started = performance.now();

function log(message: string) {
  console.log(
    `[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`,
  );
}

interface Sections {
  memory: string[][];
  dashboard: string[][];
  throughput: string[][];
  rush: string[][];
  quietHandIn: string[][];
  large: string[][];
  classGrading: string[][];
  extraction: string[][];
}

async function serverSections(server: BenchServer, database: string, out: Sections) {
  log(`${database}: memory when idle (${IDLE_SECONDS} s without requests)`);
  const memory = await benchIdleMemory(server, database);
  // Large uploads next, while the server is fresh: its idle RSS is then the real baseline.
  log(`${database}: large uploads`);
  out.large.push(await benchLargeUploads(server, database));
  log(`${database}: event loop while a 10 MB PDF is read`);
  out.extraction.push(await benchExtractionLoad(server, database));
  // Right after that step's settle, when no PDF worker thread runs.
  log(`${database}: one hand-in on a quiet server`);
  out.quietHandIn.push(await benchQuietHandIn(server, database));
  log(`${database}: teacher dashboard`);
  out.dashboard.push(await benchDashboard(server, database, DASHBOARD_RUNS));
  log(`${database}: throughput`);
  out.throughput.push(
    ...(await benchThroughput(server, database, SECONDS, database === 'PostgreSQL')),
  );
  log(`${database}: deadline rush`);
  const rush = await benchRush([server], database, createLocalStorage(server.storageDir));
  out.rush.push(rush.row);
  out.memory.push([...memory.row, mb(rush.peaks[0]!)]);
  // Grades the rush's 200 submissions, so it runs after the rush.
  log(`${database}: class grading with Mylo`);
  out.classGrading.push(await benchClassGrading(server, database));
}

async function main() {
  const tmp = mkdtempSync(join(os.tmpdir(), 'mylo-bench-web-'));
  const webDir = join(tmp, 'web');
  try {
    log('building the web client (vite build) from the current source');
    execFileSync(
      'npx',
      ['vite', 'build', '--outDir', webDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: ROOT,
        stdio: 'inherit',
      },
    );

    log('PDF text extraction');
    const pdfRow = await benchPdfExtraction();

    const out: Sections = {
      memory: [],
      dashboard: [],
      throughput: [],
      rush: [],
      quietHandIn: [],
      large: [],
      classGrading: [],
      extraction: [],
    };
    let web: Awaited<ReturnType<typeof benchWeb>> | null = null;
    let wire: string[][] = [];

    log('compiling the bench server (esbuild), as `npm run build` compiles the real one');
    const serverFile = await compileBenchServer();

    log('PGlite: starting and seeding the server');
    const pglite = await startServer({ webDir, serverFile });
    try {
      await serverSections(pglite, 'PGlite', out);
      log('PGlite: web (headless Chromium)');
      web = await benchWeb(pglite);
      log('PGlite: bytes on the wire for /login');
      wire = (await benchLoginWire(pglite.base)).rows;
    } finally {
      await pglite.close();
    }

    const pgDb = await createPgDatabase();
    if (pgDb) {
      log('PostgreSQL: starting and seeding the server');
      const postgres = await startServer({ databaseUrl: pgDb.url, serverFile });
      try {
        await serverSections(postgres, 'PostgreSQL', out);
      } finally {
        await postgres.close();
        await pgDb.drop();
      }
      log('PostgreSQL + S3 + Redis: deadline rush against two instances');
      out.rush.push(await benchTwoInstanceRush(serverFile));
    } else {
      const skipped = (n: number) => [
        'PostgreSQL',
        ...Array<string>(n).fill('skipped: PostgreSQL not reachable'),
      ];
      out.memory.push(skipped(5));
      out.dashboard.push(skipped(3));
      out.throughput.push(skipped(6));
      out.rush.push(skipped(9));
      out.quietHandIn.push(skipped(3));
      out.large.push(skipped(6));
      out.classGrading.push(skipped(6));
      out.extraction.push(skipped(5));
    }

    const total = (performance.now() - started) / 1000;
    // Formatted like every other file, so `npm run format:check` passes on committed results.
    const options = (await prettier.resolveConfig(RESULTS)) ?? {};
    const report_ = report(out, web, wire, pdfRow, total) + keptSections();
    writeFileSync(RESULTS, await prettier.format(report_, { ...options, filepath: RESULTS }));
    log(`done in ${total.toFixed(0)} s: wrote bench/results.md`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function report(
  out: Sections,
  web: Awaited<ReturnType<typeof benchWeb>> | null,
  wire: string[][],
  pdfRow: string[],
  totalSeconds: number,
) {
  const cpus = os.cpus();
  const shape = `${DASHBOARD_SHAPE.courses} courses × ${DASHBOARD_SHAPE.assignmentsPerCourse} assignments × ${DASHBOARD_SHAPE.students} submissions`;
  const tables: Table[] = [
    {
      title: '0. Memory',
      note:
        `The server process's resident memory (VmRSS): right after seeding (${shape}, 200 more students) and a full GC; then after ${IDLE_SECONDS} s without a request, when V8 has given back what seeding grew (its memory reducer); the V8 heap and the external memory at that point (with PGlite, its WebAssembly memory is most of the external); and the peak during the deadline rush (section 3).\n` +
        'Command: `bench/memory.ts`: /proc/<pid>/status and process.memoryUsage() of the server, which is compiled like `npm run build` compiles it and runs alone in its process.',
      columns: [
        'Database',
        'After seeding (after a GC)',
        `Idle (${IDLE_SECONDS} s without requests)`,
        'V8 heap used / total',
        'External',
        'Peak during the rush',
      ],
      rows: out.memory,
    },
    {
      title: '1. Teacher dashboard',
      note:
        `One teacher, ${shape}. Median of ${DASHBOARD_RUNS} runs of each (interleaved, after 2 warm-up runs), one client, sequential requests.\n` +
        'Command: `bench/dashboard.ts`: waterfall = GET /api/courses, then GET /api/courses/:id/assignments per course, then GET /api/assignments/:id/submissions per assignment, one after another; dashboard = GET /api/dashboard, asked again with nothing written (its answer kept: decisions 031, 040) and right after a write (a PATCH of a course; read from the database). Ratio = waterfall / dashboard after a write.',
      columns: [
        'Database',
        'SPEC §7 waterfall (median)',
        'GET /api/dashboard, kept / after a write (median)',
        'Ratio',
      ],
      rows: out.dashboard,
    },
    {
      title: '2. Throughput and latency',
      note:
        `${THROUGHPUT.connections} connections, ${SECONDS} s per endpoint after a ${THROUGHPUT.warmupSeconds} s warm-up run (excluded); authenticated as the seeded teacher (${shape}). Errors = non-2xx responses + socket errors + timeouts (autocannon's 10 s request timeout). Ratio = requests/s relative to GET /health. CPU per request = CPU time over the measured run (/proc utime + stime) / requests answered: the server process (all its threads; on PGlite the database runs inside it), and every postgres process of the PostgreSQL server (\`bench/process-cpu.ts\`); the load generator's is in neither.\n` +
        `Command per row: \`autocannon -c ${THROUGHPUT.connections} -d ${SECONDS} [-H "authorization: Bearer <teacher token>"] http://127.0.0.1:<port><path>\` (autocannon's API in \`bench/throughput.ts\`; load generator and server are separate processes on the same machine).`,
      columns: [
        'Database',
        'Endpoint',
        'Requests/s',
        'p50',
        'p99',
        'Errors',
        'Ratio to /health',
        'Server CPU / request',
        'PostgreSQL CPU / request',
      ],
      rows: out.throughput,
    },
    {
      title: '3. Deadline rush',
      note:
        `${RUSH_STUDENTS} enrolled students, signed in beforehand (their request bodies built beforehand too), each upload a distinct ~1 MB PDF (a real PDF padded with student-specific bytes) and submit it, all ${RUSH_STUDENTS} at once. Latency = upload + submit per student. Files compared by sha256 of the bytes sent vs the bytes storage holds.\n` +
        'Command: `bench/rush.ts`: Promise.all over 200 × (POST /api/files multipart [assignment_id, file] → PUT /api/assignments/:id/submissions/me), sent with node:http on keep-alive connections; then GET /api/assignments/:id/submissions as the teacher. Meanwhile one client sends GET /health one after another (10 ms apart), and the server samples its own event-loop delay (perf_hooks.monitorEventLoopDelay, 5 ms resolution). Percentiles are nearest-rank: with fewer than 100 /health requests, their p99 is the slowest one. Peak RSS = VmHWM of each server process, reset before the rush; idle = its RSS just before, after a full GC.\n' +
        'The last row runs two compiled instances on one PostgreSQL database, an S3-compatible server (s3rver on loopback, `STORAGE_DRIVER=s3`) and Redis (`REDIS_URL`); student i uploads on instance i mod 2 and submits on the other; /health is probed on the first.',
      columns: [
        'Database',
        'Submissions present',
        'Byte-identical (sha256)',
        'Errors',
        'p50',
        'p95',
        'Wall time',
        'GET /health p99 during the rush',
        'Event-loop delay p99 / max',
        'Server peak RSS',
      ],
      rows: out.rush,
    },
    {
      title: '3b. One hand-in on a quiet server',
      note: QUIET_HAND_IN_NOTE,
      columns: [
        'Database',
        'Upload (first / next)',
        'Submit, first hand-in (no PDF thread before its upload)',
        'Submit, next hand-in',
      ],
      rows: out.quietHandIn,
    },
    {
      title: '4. Large uploads',
      note:
        `${LARGE_UPLOADS.count} concurrent uploads of ${(LARGE_UPLOADS.bytes / 1024 / 1024).toFixed(2)} MB PDFs (the limit is 10 MB). Run first, on the freshly seeded server. Growth = server peak RSS during the uploads (VmHWM, reset first) minus its idle RSS just before (after a full GC in the server); streaming uploads keep it far below the data in flight. The growth includes the PDF worker thread that the first upload starts, with pdf.js loaded, for the hand-in expected to follow (decision 043).\n` +
        'Command: `bench/large-uploads.ts`: Promise.all over 20 × POST /api/files.',
      columns: [
        'Database',
        'Accepted (201)',
        'Data in flight',
        'Idle RSS',
        'Peak RSS',
        'Peak growth',
        'Wall time',
      ],
      rows: out.large,
    },
    {
      title: '5. Web: JavaScript per route',
      note:
        "Every .js/.mjs response a headless Chromium (playwright-core, /usr/bin/chromium, empty cache) receives while loading the route until the network is idle, each body gzipped with zlib (level 6) and summed. Client built from the current source with `npx vite build`. The review route is a teacher's submission review with a 1 MB PDF open.\n" +
        'Command: `bench/web.ts`: page.goto(<route>, { waitUntil: "networkidle" }).',
      columns: [
        'Route',
        'Scripts',
        'Raw',
        'Gzipped',
        ...(web?.columns ?? ['PDF viewer', 'Markdown editor']),
      ],
      rows: web?.rows ?? [['(not run)']],
    },
    {
      title: '6. Grading a class with Mylo',
      note:
        `After the deadline rush, its teacher starts 'Grade all with Mylo' with the offline engine on the ${RUSH_STUDENTS} new submissions: one background job each, JOB_CONCURRENCY=2 (the default). Wall time = from the start request until no job is queued or running (progress polled every 200 ms); per job = wall time / jobs. Meanwhile one client sends GET /health one after another (10 ms apart).\n` +
        'Command: `bench/class-grading.ts`: POST /api/assignments/:id/auto-grading {"engine":"offline"}, then GET it until `active` is false.',
      columns: [
        'Database',
        'Suggestions made',
        'Failed',
        'Wall time',
        'Per job',
        '/health p50 meanwhile',
        '/health p99 meanwhile',
      ],
      rows: out.classGrading,
    },
    {
      title: '6b. The event loop while a large PDF is read',
      note:
        `One student submits a ${EXTRACTION_LOAD.pages}-page text PDF padded to just under 10 MB (the upload limit; ${EXTRACTION_LOAD.pages} pages is the extraction limit); its text is extracted in a worker thread during the submit. Meanwhile one client sends GET /health one after another (10 ms apart), from 200 ms before the submit until it is answered, and the server samples its own event-loop delay over the same window (perf_hooks.monitorEventLoopDelay, 5 ms resolution). RSS = the server's resident memory after a full GC, before the upload (what the sections before this one left, the deadline rush above all) and ${EXTRACTION_LOAD.settleSeconds} s after the submit (the worker thread has ended by then).\n` +
        'Command: `bench/extraction-load.ts`: POST /api/files, then PUT /api/assignments/:id/submissions/me while probing GET /health.',
      columns: [
        'Database',
        'PDF',
        'Submit',
        'Event-loop delay p99 / max',
        'GET /health p99 / max (requests)',
        'RSS before',
        `RSS ${EXTRACTION_LOAD.settleSeconds} s later`,
      ],
      rows: out.extraction,
    },
    {
      title: '7. PDF text extraction',
      note:
        `The project's extractor (\`extractPdfText\`, pdf.js) on a generated ${PDF_PAGES}-page text PDF; median of 5 runs after 1 warm-up, in the bench process.\n` +
        'Command: `bench/pdf-extract.ts`.',
      columns: ['Input', 'Median time', 'Pages/s'],
      rows: [pdfRow],
    },
    {
      title: '8. Web: bytes on the wire for /login',
      note:
        'Every same-origin file a headless Chromium (empty cache) fetches for /login, fetched again with node:http (which never decodes) once per Accept-Encoding; the body bytes the server sent, summed (HTTP headers not counted). The build precompresses text files (brotli quality 11, gzip level 9) and the server picks the sibling the request accepts.\n' +
        'Command: `bench/web-wire.ts` (alone: `npx tsx bench/web-wire.ts <base URL>`).',
      columns: LOGIN_WIRE_COLUMNS,
      rows: wire.length > 0 ? wire : [['(not run)']],
    },
  ];
  const list = (files: { name: string; gzip: number }[]) =>
    files.map((f) => `- ${f.name}: ${(f.gzip / 1024).toFixed(1)} kB gzipped`).join('\n');
  const loginFiles = web
    ? `\n<details><summary>Scripts loaded by /login</summary>\n\n${list(web.login)}\n\n</details>\n\n<details><summary>Scripts loaded by the submission review route</summary>\n\n${list(web.review)}\n\n</details>\n`
    : '';
  return [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString()}; the whole run took ${totalSeconds.toFixed(0)} s.`,
    '',
    `Machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB memory, Node ${process.version}, ${os.type()} ${os.release()} (${os.arch()}).`,
    '',
    ...tables.map(renderTable),
    loginFiles,
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * Sections other scripts write into results.md between `<!-- name:start -->` and
 * `<!-- name:end -->` markers (e.g. `npm run eval:grader`): kept as they are.
 */
function keptSections(): string {
  let previous = '';
  try {
    previous = readFileSync(RESULTS, 'utf8');
  } catch {
    return '';
  }
  const sections = [...previous.matchAll(/<!-- ([\w:-]+):start -->[\s\S]*?<!-- \1:end -->/g)];
  return sections.map((match) => `\n${match[0]}\n`).join('');
}
