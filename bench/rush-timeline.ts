// Where a deadline rush waits (docs/decisions/051): the bench's rush (round 1 on a fresh server,
// as `npm run bench` runs it), with the machine's idle share and the server's event loop read
// every 100 ms from /proc. A machine that is partly idle while the event loop is near one full
// core is limited by that one thread, not by the two cores; a machine with no idle is limited
// by the cores. Runs on PGlite, or on PostgreSQL with --postgres; --runs repeats it on a fresh
// server each time and prints each run's summary, for comparing the two. /proc counts CPU in
// 10 ms ticks, so a single 100 ms line is rough; the summary over the round is what to compare.
//
//   npx tsx bench/rush-timeline.ts [--postgres] [--runs 1]
import { parseArgs } from 'node:util';
import { compileBenchServer, percentile } from './harness';
import { cpuSpentMs, machineCpuJiffies, threadCpuMs } from './process-cpu';
import { handInAll, onFreshRushServer, throwFirstFailure } from './rush';

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
  /** Each server thread's CPU so far, by thread id; the event loop's id is the process's. */
  threads: Map<number, number>;
}

const sample = (pid: number, start: number): Sample => ({
  at: performance.now() - start,
  machine: machineCpuJiffies(),
  threads: threadCpuMs(pid),
});

/** Between two samples: the machine's idle share, the event loop's and the server's CPU. */
function between(before: Sample, after: Sample, pid: number) {
  const elapsed = after.at - before.at;
  return {
    idle: pct(after.machine.idle - before.machine.idle, after.machine.total - before.machine.total),
    eventLoop: pct((after.threads.get(pid) ?? 0) - (before.threads.get(pid) ?? 0), elapsed),
    // A thread started in between (the PDF thread) counts from zero.
    cores: (cpuSpentMs(before.threads, after.threads) / elapsed).toFixed(2),
  };
}

const serverFile = await compileBenchServer();
for (let run = 1; run <= runs; run++) {
  await onFreshRushServer({ serverFile, postgres: values.postgres }, async (server, students) => {
    await server.gc();
    const start = performance.now();
    const samples = [sample(server.pid, start)];
    // Read from this process's timers: the load generator delays them, but each sample's
    // counters are cumulative, so every interval is measured over its true length.
    const sampler = setInterval(() => samples.push(sample(server.pid, start)), SAMPLE_MS);
    const rush = await handInAll(() => server, students, server.fixture.rushAssignmentId);
    clearInterval(sampler);
    samples.push(sample(server.pid, start));
    throwFirstFailure(rush.outcomes);

    const round = between(samples[0]!, samples.at(-1)!, server.pid);
    console.log(
      `run ${run} (${values.postgres ? 'PostgreSQL' : 'PGlite'}): p95 ${percentile(rush.latencies, 95).toFixed(0)} ms, ` +
        `wall ${rush.wall.toFixed(0)} ms; machine idle ${round.idle}, ` +
        `event loop busy ${round.eventLoop} of the wall, server ${round.cores} cores`,
    );
    if (runs > 1) return;
    console.log('    ms  machine idle  event loop  whole server (cores)');
    for (const [i, now] of samples.entries()) {
      if (i === 0) continue;
      const line = between(samples[i - 1]!, now, server.pid);
      console.log(
        `${now.at.toFixed(0).padStart(6)}  ${line.idle.padStart(12)}  ${line.eventLoop.padStart(10)}  ${line.cores.padStart(20)}`,
      );
    }
  });
}
