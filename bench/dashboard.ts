// 1. Teacher dashboard: SPEC §7's client waterfall (courses, then assignments per course, then
// submissions per assignment, one request after another) against one GET /api/dashboard. The
// dashboard's answer is kept until the database's data version moves (decisions 031, 040), so
// it is timed twice: asked again with nothing written (kept), and right after a write (read).
import { getJson, httpRequest, median, ms, signIn, type BenchServer } from './harness';

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
  const [course] = (await getJson<{ items: { id: string }[] }>(server.base, '/api/courses', token))
    .items;
  if (!course) throw new Error('the bench teacher has no course');
  /** A change of the first course's description: a write, whatever it writes. */
  const write = async (run: number) => {
    const response = await httpRequest(`${server.base}/api/courses/${course.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ description: `Seeded by npm run bench (${run})` }),
    });
    if (response.status !== 200) throw new Error(`PATCH course: ${response.status}`);
  };
  for (let i = 0; i < WARMUP_RUNS; i++) {
    await waterfall(server.base, token);
    await dashboard();
    await write(-i);
    await dashboard();
  }
  // Interleaved, so that every pattern sees the same machine state.
  const waterfallTimes: number[] = [];
  const keptTimes: number[] = [];
  const afterWriteTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    waterfallTimes.push(await timed(() => waterfall(server.base, token)));
    keptTimes.push(await timed(dashboard));
    await write(i);
    afterWriteTimes.push(await timed(dashboard));
  }
  const w = median(waterfallTimes);
  const read = median(afterWriteTimes);
  return [
    database,
    `${ms(w)} (${requests} requests)`,
    `${ms(median(keptTimes))} / ${ms(read)} (1 request)`,
    `${(w / read).toFixed(1)}×`,
  ];
}
