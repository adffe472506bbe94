// Where a deadline rush waits (docs/decisions/051): the bench's rush (round 1 on a fresh server,
// as `npm run bench` runs it), with the machine's idle share and the server's event loop read
// every 100 ms from /proc. A machine that is partly idle while the event loop is near one full
// core is limited by that one thread, not by the two cores; a machine with no idle is limited
// by the cores. Runs on PGlite, or on PostgreSQL with --postgres; --runs repeats it on a fresh
// server each time and prints each run's summary, for comparing the two.
//
//   npx tsx bench/rush-timeline.ts [--postgres] [--runs 1]
import { parseArgs } from 'node:util';
import { compileBenchServer, createPgDatabase, percentile, startServer } from './harness';
import { machineCpuJiffies, threadCpuMs } from './process-cpu';
import { handInAll, prepareRushStudents } from './rush';

const { values } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
  },
});
const runs = Number(values.runs);
if (!(Number.isSafeInteger(runs) && runs > 0)) {
  throw new Error(`--runs must be a whole number above 0, not "${values.runs}"`);
}
const SAMPLE_MS = 100;
const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(0)} %`;

interface Sample {
  at: number;
  machine: { total: number; idle: number };
  eventLoopMs: number;
  serverMs: number;
}

function sample(pid: number, start: number): Sample {
  const threads = threadCpuMs(pid);
  let serverMs = 0;
  for (const ms of threads.values()) serverMs += ms;
  return {
    at: performance.now() - start,
    machine: machineCpuJiffies(),
    eventLoopMs: threads.get(pid) ?? 0,
    serverMs,
  };
}

const serverFile = await compileBenchServer();
for (let run = 1; run <= runs; run++) {
  const pg = values.postgres ? await createPgDatabase() : null;
  if (values.postgres && !pg) throw new Error('PostgreSQL is not reachable');
  const server = await startServer({ serverFile, ...(pg && { databaseUrl: pg.url }) });
  try {
    const students = await prepareRushStudents(() => server);
    await server.gc();
    const start = performance.now();
    const samples = [sample(server.pid, start)];
    // Read from this process's timers: the load generator delays them, but each sample's
    // counters are cumulative, so every interval is measured over its true length.
    const sampler = setInterval(() => samples.push(sample(server.pid, start)), SAMPLE_MS);
    const rush = await handInAll(() => server, students, server.fixture.rushAssignmentId);
    clearInterval(sampler);
    samples.push(sample(server.pid, start));
    const failed = rush.outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;

    const first = samples[0]!;
    const last = samples.at(-1)!;
    const wallMs = last.at - first.at;
    console.log(
      `run ${run} (${pg ? 'PostgreSQL' : 'PGlite'}): p95 ${percentile(rush.latencies, 95).toFixed(0)} ms, ` +
        `wall ${rush.wall.toFixed(0)} ms; machine idle ${pct(last.machine.idle - first.machine.idle, last.machine.total - first.machine.total)}, ` +
        `event loop busy ${pct(last.eventLoopMs - first.eventLoopMs, wallMs)} of the wall, ` +
        `server ${((last.serverMs - first.serverMs) / wallMs).toFixed(2)} cores`,
    );
    if (runs > 1) continue;
    console.log('    ms  machine idle  event loop  whole server (cores)');
    for (const [i, now] of samples.entries()) {
      const before = samples[i - 1];
      if (!before) continue;
      const elapsed = now.at - before.at;
      console.log(
        `${now.at.toFixed(0).padStart(6)}  ${pct(now.machine.idle - before.machine.idle, now.machine.total - before.machine.total).padStart(12)}` +
          `  ${pct(now.eventLoopMs - before.eventLoopMs, elapsed).padStart(10)}  ${((now.serverMs - before.serverMs) / elapsed).toFixed(2).padStart(20)}`,
      );
    }
  } finally {
    await server.close();
    await pg?.drop();
  }
}
