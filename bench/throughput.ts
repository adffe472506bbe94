// 2. Throughput and latency under load (autocannon), with GET /health as the floor.
import autocannon from 'autocannon';
import { signIn, type BenchServer } from './harness';

export const THROUGHPUT = { connections: 50, seconds: 10, warmupSeconds: 2 } as const;

const ENDPOINTS = [
  { path: '/health', auth: false },
  { path: '/api/courses', auth: true },
  { path: '/api/dashboard', auth: true },
] as const;

export async function benchThroughput(server: BenchServer, database: string, seconds: number) {
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
    const result = await autocannon({ ...options, duration: seconds });
    results.push({ path: endpoint.path, result });
  }
  const health = results[0]!.result.requests.average;
  return results.map(({ path, result }) => [
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
  ]);
}
