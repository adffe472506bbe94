// Two or more ways of starting the server, compared on the bench's deadline rush (decision 052).
// One run is round 1 on a fresh server, as `npm run bench` runs it; the variants take turns, run
// after run, so that a slower minute of the machine falls on all of them alike. A single rush
// varies by a quarter from run to run (051), so a difference counts only when it holds across
// the alternations, not in one mean.
//
// A variant is NAME=WORDS: environment assignments (UV_THREADPOOL_SIZE=2) and Node.js options
// (--v8-pool-size=0), added to what `npm start` runs. `--server NAME=PATH` runs that variant on
// another compiled bench server, e.g. a copy of dist/bench-server built from changed code.
//
//   npx tsx bench/rush-ab.ts --variant base= --variant pool2=--v8-pool-size=2 [--runs 6]
//     [--postgres] [--server pool2=dist/ab-pool2/server-child.js]
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { compileBenchServer, median, percentile } from './harness';
import { cpuSpentMs, threadCpuMs } from './process-cpu';
import { handInAll, onFreshRushServer, throwFirstFailure } from './rush';

const { values } = parseArgs({
  options: {
    variant: { type: 'string', multiple: true, default: [] },
    server: { type: 'string', multiple: true, default: [] },
    runs: { type: 'string', default: '6' },
    postgres: { type: 'boolean', default: false },
  },
});

/** "NAME=rest" → [NAME, rest], or a clear error naming the option. */
function nameAndValue(option: string, text: string): [string, string] {
  const at = text.indexOf('=');
  if (at <= 0) throw new Error(`--${option} takes NAME=VALUE, not "${text}"`);
  return [text.slice(0, at), text.slice(at + 1)];
}

interface Variant {
  env: Record<string, string>;
  nodeArgs: string[];
  serverFile?: string;
}

const variants = new Map<string, Variant>();
for (const text of values.variant) {
  const [name, words] = nameAndValue('variant', text);
  if (variants.has(name)) throw new Error(`variant "${name}" is given twice`);
  const parts = words.split(' ').filter(Boolean);
  const isAssignment = (part: string) => /^[A-Z_][A-Z0-9_]*=/.test(part);
  variants.set(name, {
    env: Object.fromEntries(
      parts.filter(isAssignment).map((part) => nameAndValue('variant', part)),
    ),
    nodeArgs: parts.filter((part) => !isAssignment(part)),
  });
}
for (const text of values.server) {
  const [name, path] = nameAndValue('server', text);
  const variant = variants.get(name);
  if (!variant) throw new Error(`--server names "${name}", which no --variant defines`);
  variant.serverFile = resolve(path);
}
const runs = Number(values.runs);
if (variants.size < 2) throw new Error('give at least two --variant NAME=WORDS to compare');
if (!(Number.isSafeInteger(runs) && runs > 0)) {
  throw new Error(`--runs must be a whole number above 0, not "${values.runs}"`);
}

interface Run {
  p95: number;
  /** The server's CPU over the round, all threads, and its event loop's part. */
  serverCpu: number;
  eventLoopCpu: number;
}

function rushOnce(variant: Variant, serverFile: string): Promise<Run> {
  const { env, nodeArgs } = variant;
  const file = variant.serverFile ?? serverFile;
  return onFreshRushServer(
    { serverFile: file, postgres: values.postgres, env, nodeArgs },
    async (server, students) => {
      await server.gc();
      const before = threadCpuMs(server.pid);
      const rush = await handInAll(() => server, students, server.fixture.rushAssignmentId);
      const after = threadCpuMs(server.pid);
      throwFirstFailure(rush.outcomes);
      return {
        p95: percentile(rush.latencies, 95),
        serverCpu: cpuSpentMs(before, after),
        eventLoopCpu: (after.get(server.pid) ?? 0) - (before.get(server.pid) ?? 0),
      };
    },
  );
}

const serverFile = await compileBenchServer();
const results = new Map<string, Run[]>([...variants.keys()].map((name) => [name, []]));
for (let run = 1; run <= runs; run++) {
  for (const [name, variant] of variants) {
    const result = await rushOnce(variant, serverFile);
    results.get(name)!.push(result);
    console.log(
      `run ${run} ${name}: p95 ${result.p95.toFixed(0)} ms, server CPU ${result.serverCpu} ms ` +
        `(event loop ${result.eventLoopCpu} ms)`,
    );
  }
}

const mean = (xs: number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
console.log(`\nround-1 p95 on ${values.postgres ? 'PostgreSQL' : 'PGlite'}, ${runs} runs each:`);
for (const [name, list] of results) {
  const p95s = list.map((r) => r.p95);
  console.log(
    `${name}: p95 mean ${mean(p95s).toFixed(0)} ms, median ${median(p95s).toFixed(0)} ms ` +
      `(${Math.min(...p95s).toFixed(0)}–${Math.max(...p95s).toFixed(0)}); ` +
      `server CPU mean ${mean(list.map((r) => r.serverCpu)).toFixed(0)} ms, ` +
      `event loop ${mean(list.map((r) => r.eventLoopCpu)).toFixed(0)} ms`,
  );
}
