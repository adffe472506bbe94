// 2. Throughput and latency under load (autocannon), with GET /health as the floor.
import autocannon from 'autocannon';
import { signIn, type BenchServer } from './harness';
import { cpuSpentMs, postgresCpuMs, processCpuMs } from './process-cpu';

export const THROUGHPUT = { connections: 50, seconds: 10, warmupSeconds: 2 } as const;

const ENDPOINTS = [
  { path: '/health', auth: false },
  { path: '/api/courses', auth: true },
  { path: '/api/dashboard', auth: true },
] as const;

/** CPU per answered request in µs, from a difference of /proc readings in ms. */
const perRequest = (ms: number, requests: number) => `${Math.round((ms * 1000) / requests)} µs`;

/**
 * `database` is the label of the row; `onPostgres` says whether a PostgreSQL server (rather than
 * PGlite, inside the server process) answers the queries, so its CPU is read too.
 */
export async function benchThroughput(
  server: BenchServer,
  database: string,
  seconds: number,
  onPostgres: boolean,
) {
  const token = await signIn(server.base, server.fixture.teacherEmail, server.fixture.password);
  const results = [];
  for (const endpoint of ENDPOINTS) {
    const options = {
      url: `${server.base}${endpoint.path}`,
      connections: THROUGHPUT.connections,
      headers: endpoint.auth
        ? { authorization: `Bearer ${token}` }
        : ({} as Record<string, string>),
    };
    await autocannon({ ...options, duration: THROUGHPUT.warmupSeconds });
    const serverBefore = processCpuMs(server.pid);
    const postgresBefore = onPostgres ? postgresCpuMs() : null;
    const result = await autocannon({ ...options, duration: seconds });
    const cpu = {
      server: processCpuMs(server.pid) - serverBefore,
      postgres: postgresBefore ? cpuSpentMs(postgresBefore, postgresCpuMs()) : null,
    };
    results.push({ path: endpoint.path, result, cpu });
  }
  const health = results[0]!.result.requests.average;
  return results.map(({ path, result, cpu }) => [
    database,
    `GET ${path}`,
    result.requests.average.toFixed(0),
    `${result.latency.p50} ms`,
    `${result.latency.p99} ms`,
    // autocannon's `errors` already includes its timeouts.
    result.non2xx + result.errors === 0
      ? '0'
      : `${result.non2xx + result.errors} (non-2xx ${result.non2xx}, socket errors ${result.errors - result.timeouts}, timeouts ${result.timeouts})`,
    path === '/health' ? '1.00 (floor)' : (result.requests.average / health).toFixed(2),
    perRequest(cpu.server, result.requests.total),
    cpu.postgres === null ? 'in the server' : perRequest(cpu.postgres, result.requests.total),
  ]);
}
