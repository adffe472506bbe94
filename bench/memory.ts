// Memory of the server when nobody uses it. Right after a burst of work (seeding 8,000 rows here)
// V8 keeps the heap it grew; when the process goes quiet its memory reducer gives pages back
// within a minute. Both figures are reported: the first is what a GC alone leaves, the second
// what an idle server holds.
import { mb, type BenchServer } from './harness';

/** How long the server is left alone before its idle memory is read. */
export const IDLE_SECONDS = 60;

export async function benchIdleMemory(server: BenchServer, database: string) {
  await server.gc();
  const afterGc = server.rss();
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idle = server.rss();
  const { usage } = await server.memory();
  return {
    idle,
    row: [
      database,
      mb(afterGc),
      mb(idle),
      `${mb(usage.heapUsed)} of ${mb(usage.heapTotal)}`,
      mb(usage.external),
    ],
  };
}
