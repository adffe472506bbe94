// Whether the event loop really keeps the first claim on a core (decision 054): measured in a
// process of its own, whose threads' nice values no other test moves. Linux keeps one per
// thread, read here from /proc/<pid>/task/<tid>/stat as `top -H` shows it.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const PRIORITY = fileURLToPath(new URL('./thread-priority.ts', import.meta.url));
const CPU_TASKS = fileURLToPath(new URL('../cpu-tasks.ts', import.meta.url));

interface ThreadNices {
  /** The event loop's nice value before and after. */
  eventLoop: { before: number; after: number };
  /** Every other thread's, right after lowerHelperThreads. */
  helpers: number[];
  lowered: number;
  /** Threads started afterwards by the CPU pool (its worker thread), while it reads a PDF. */
  startedLater: number[];
}

// The server's order: the helpers are lowered before it listens (no file call made before:
// libuv's pool may not have started yet); the CPU pool's thread starts with the first upload.
const script = (nice: number) => `
import { readdirSync, readFileSync } from 'node:fs';
import { createCpuTasks } from ${JSON.stringify(CPU_TASKS)};
import { lowerHelperThreads } from ${JSON.stringify(PRIORITY)};
const niceOf = (tid) => {
  const stat = readFileSync('/proc/self/task/' + tid + '/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};
const others = () => readdirSync('/proc/self/task').map(Number).filter((tid) => tid !== process.pid);
const before = niceOf(process.pid);
const lowered = await lowerHelperThreads(${nice});
const helpers = others();
const cpu = createCpuTasks({ maxThreads: 1, threadNice: ${nice} });
cpu.prepareTextExtraction();
let startedLater = [];
while (startedLater.length === 0) {
  await new Promise((resolve) => setTimeout(resolve, 20));
  startedLater = others().filter((tid) => !helpers.includes(tid));
}
// The thread lowers itself as its module loads: read it once it has run a task.
await cpu.extractPdfText(new TextEncoder().encode('%PDF-1.4 not really'))
  .catch(() => {});
console.log(JSON.stringify({
  eventLoop: { before, after: niceOf(process.pid) },
  helpers: helpers.map(niceOf),
  lowered,
  startedLater: others().filter((tid) => !helpers.includes(tid)).map(niceOf),
}));
await cpu.close();
`;

async function threadNices(nice: number): Promise<ThreadNices> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script(nice)],
    { timeout: 60_000 },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as ThreadNices;
}

describe.runIf(process.platform === 'linux')('the event loop before its helper threads', () => {
  it('sets every other thread of the process to the nice value, the event loop left as it was', async () => {
    const nices = await threadNices(10);
    expect(nices.eventLoop.after).toBe(nices.eventLoop.before);
    // libuv's file pool (4) and V8's platform threads (at least 2) at the least.
    expect(nices.helpers.length).toBeGreaterThanOrEqual(6);
    expect(nices.helpers.every((nice) => nice === Math.max(10, nices.eventLoop.before))).toBe(true);
    expect(nices.lowered).toBe(nices.helpers.length);
  });

  it('has a CPU worker thread started later lower itself to the same value', async () => {
    const nices = await threadNices(10);
    expect(nices.startedLater.length).toBeGreaterThanOrEqual(1);
    expect(nices.startedLater).toEqual(nices.startedLater.map(() => 10));
  });

  it('leaves every thread level with the event loop when the value is 0', async () => {
    const nices = await threadNices(0);
    expect(nices.lowered).toBe(0);
    const level = nices.eventLoop.before;
    expect([...nices.helpers, ...nices.startedLater]).toEqual(
      [...nices.helpers, ...nices.startedLater].map(() => level),
    );
  });
});
