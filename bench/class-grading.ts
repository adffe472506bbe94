// 7. Grading a class with Mylo: after the deadline rush, the teacher starts 'Grade all with
// Mylo' (offline engine) on its 200 submissions. Measures the time until every suggestion
// exists (the job queue's overhead per job included) and how /health answers meanwhile.
import { getJson, median, ms, percentile, probeHealth, signIn, type BenchServer } from './harness';

interface Progress {
  active: boolean;
  counts: { done: number; failed: number; queued: number; running: number };
}

export async function benchClassGrading(server: BenchServer, database: string) {
  const { fixture } = server;
  const teacher = await signIn(server.base, fixture.rushTeacherEmail, fixture.password);
  const url = `/api/assignments/${fixture.rushAssignmentId}/auto-grading`;
  const health = probeHealth(server.base);
  const start = performance.now();
  const started = await fetch(`${server.base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${teacher}` },
    body: JSON.stringify({ engine: 'offline' }),
  });
  if (started.status !== 202) throw new Error(`start ${started.status}: ${await started.text()}`);
  const { changed } = (await started.json()) as { changed: number };
  let progress: Progress;
  do {
    await new Promise((resolve) => setTimeout(resolve, 200));
    progress = await getJson<Progress>(server.base, url, teacher);
  } while (progress.active);
  const wall = performance.now() - start;
  const latencies = await health.stop();
  return [
    database,
    `${progress.counts.done} / ${changed}`,
    String(progress.counts.failed),
    `${(wall / 1000).toFixed(1)} s`,
    ms(wall / Math.max(1, changed)),
    ms(median(latencies)),
    ms(percentile(latencies, 99)),
  ];
}
