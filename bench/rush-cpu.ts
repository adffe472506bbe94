// Where a deadline rush's CPU goes (docs/decisions/035): the rush of bench/rush.ts, several
// rounds on one server, with each server thread's CPU (/proc/<pid>/task/*/stat), the load
// generator's and PostgreSQL's read around every round. Round 1 is the bench's case (code not
// yet optimised, the PDF worker thread not started); later rounds show the warm cost.
//
// `--bytes` sets the size of each student's PDF (1 MB in the bench): comparing two sizes splits
// the cost per byte from the cost per request (decision 049).
//
//   npx tsx bench/rush-cpu.ts [--postgres] [--rounds 3] [--bytes 1048576]
import { parseArgs } from 'node:util';
import { compileBenchServer, percentile } from './harness';
import { cpuSpentMs, postgresCpuMs, threadCpuMs } from './process-cpu';
import { handInAll, onFreshRushServer, throwFirstFailure } from './rush';

const { values } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '3' },
    bytes: { type: 'string' },
  },
});

const pdfBytes = values.bytes === undefined ? undefined : Number(values.bytes);
// Checked before the server starts and seeds: a PDF of NaN bytes would measure nothing.
if (pdfBytes !== undefined && !(Number.isSafeInteger(pdfBytes) && pdfBytes > 0)) {
  throw new Error(`--bytes must be a whole number of bytes, not "${values.bytes}"`);
}
await onFreshRushServer(
  { serverFile: await compileBenchServer(), postgres: values.postgres, pdfBytes },
  async (server, students) => {
    for (let round = 1; round <= Number(values.rounds); round++) {
      await server.gc();
      const threadsBefore = threadCpuMs(server.pid);
      const postgresBefore = values.postgres ? postgresCpuMs() : null;
      const clientBefore = process.cpuUsage();
      const { outcomes, latencies, wall } = await handInAll(
        () => server,
        students,
        server.fixture.rushAssignmentId,
      );
      throwFirstFailure(outcomes);
      const client = process.cpuUsage(clientBefore);
      const threadsAfter = threadCpuMs(server.pid);
      const threads = [...threadsAfter]
        .map(([tid, ms]) => [tid, ms - (threadsBefore.get(tid) ?? 0)] as const)
        .filter(([, ms]) => ms > 0)
        .sort(([a], [b]) => a - b);
      const main = threads.find(([tid]) => tid === server.pid)?.[1] ?? 0;
      const others = threads.filter(([tid]) => tid !== server.pid).map(([, ms]) => ms);
      const total = cpuSpentMs(threadsBefore, threadsAfter);
      console.log(
        `round ${round}: p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, wall ${wall.toFixed(0)} ms`,
      );
      console.log(
        `  server CPU ${total} ms: main thread ${main}, other threads (by id) ${others.join(' ')}`,
      );
      console.log(
        `  load generator ${((client.user + client.system) / 1000).toFixed(0)} ms` +
          (postgresBefore ? `, PostgreSQL ${cpuSpentMs(postgresBefore, postgresCpuMs())} ms` : ''),
      );
    }
  },
);
