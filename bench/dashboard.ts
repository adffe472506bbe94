// 1. Teacher dashboard: SPEC §7's client waterfall (courses, then assignments per course, then
// submissions per assignment, one request after another) against one GET /api/dashboard.
import { getJson, median, ms, signIn, type BenchServer } from './harness';

const WARMUP_RUNS = 2;

async function waterfall(base: string, token: string) {
  let requests = 1;
  const courses = await getJson<{ items: { id: string }[] }>(base, '/api/courses', token);
  for (const course of courses.items) {
    const assignments = await getJson<{ items: { id: string }[] }>(
      base,
      `/api/courses/${course.id}/assignments`,
      token,
    );
    requests += 1;
    for (const assignment of assignments.items) {
      await getJson(base, `/api/assignments/${assignment.id}/submissions`, token);
      requests += 1;
    }
  }
  return requests;
}

async function timed(fn: () => Promise<unknown>) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

export async function benchDashboard(server: BenchServer, database: string, runs: number) {
  const token = await signIn(server.base, server.fixture.teacherEmail, server.fixture.password);
  const requests = await waterfall(server.base, token);
  const dashboard = () => getJson(server.base, '/api/dashboard', token);
  for (let i = 0; i < WARMUP_RUNS; i++) {
    await waterfall(server.base, token);
    await dashboard();
  }
  // Interleaved, so that both patterns see the same machine state.
  const waterfallTimes: number[] = [];
  const dashboardTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    waterfallTimes.push(await timed(() => waterfall(server.base, token)));
    dashboardTimes.push(await timed(dashboard));
  }
  const w = median(waterfallTimes);
  const d = median(dashboardTimes);
  return [
    database,
    `${ms(w)} (${requests} requests)`,
    `${ms(d)} (1 request)`,
    `${(w / d).toFixed(1)}×`,
  ];
}
