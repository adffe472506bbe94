// Where an endpoint's time goes: the bench server (compiled, seeded like `npm run bench`) runs
// under `node --cpu-prof` while autocannon loads one endpoint; the profile's self time is then
// summed per function and per package. Used to decide what to change (docs/decisions/026).
//
//   npx tsx bench/profile.ts /api/courses [--postgres] [--seconds 10] [--connections 50]
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  compileBenchServer,
  createPgDatabase,
  signIn,
  startServer,
  type BenchServer,
} from './harness';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    postgres: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    /** Also write the profile here (open it in Chrome DevTools' Performance panel). */
    save: { type: 'string' },
    connections: { type: 'string', default: '50' },
  },
});
const path = positionals[0] ?? '/api/courses';

/** node_modules/<package> (or "our code", "node internals", "(garbage collector)"…) of a frame. */
function ownerOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match?.[1]) return match[1];
  if (url.startsWith('node:')) return 'node internals';
  return 'our code';
}

function summarize(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const total = [...selfMs.values()].reduce((sum, ms) => sum + ms, 0);
  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const where = frame.url
      ? `${frame.url.replace(/^.*node_modules\//, '')}:${frame.lineNumber + 1}`
      : '';
    const name = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    const owner = ownerOf(frame.url, frame.functionName);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + ms);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => `${((ms / total) * 100).toFixed(1).padStart(5)} %  ${name}`)
      .join('\n');
  return { total, owners: top(byOwner, 15), functions: top(byFunction, 30) };
}

async function main() {
  let server: BenchServer | undefined;
  const pg = values.postgres ? await createPgDatabase() : null;
  if (values.postgres && !pg) throw new Error('PostgreSQL is not reachable');
  try {
    const serverFile = await compileBenchServer();
    server = await startServer({
      serverFile,
      ...(pg && { databaseUrl: pg.url }),
    });
    const token = await signIn(server.base, server.fixture.teacherEmail, server.fixture.password);
    server.startCpuProfile();
    const result = await autocannon({
      url: `${server.base}${path}`,
      connections: Number(values.connections),
      duration: Number(values.seconds),
      headers: path.startsWith('/api/') ? { authorization: `Bearer ${token}` } : {},
    });
    const profile = (await server.stopCpuProfile()) as CpuProfile;
    if (values.save) writeFileSync(values.save, JSON.stringify(profile));
    const summary = summarize(profile);
    console.log(
      `GET ${path} on ${pg ? 'PostgreSQL' : 'PGlite'}: ${result.requests.average.toFixed(0)} req/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}`,
    );
    console.log(
      `\nServer CPU self time by package (${(summary.total / 1000).toFixed(1)} s sampled):\n${summary.owners}`,
    );
    console.log(`\nTop functions by self time:\n${summary.functions}`);
  } finally {
    await server?.close();
    await pg?.drop();
  }
}

await main();
