// 3. Deadline rush: 200 signed-in students each upload a distinct ~1 MB PDF and submit it,
// all at once. Every submission must be present with the exact bytes that were sent.
import { createHash } from 'node:crypto';
import { multipartBody } from '@server/test/multipart';
import { createLocalStorage } from '@server/files/storage';
import { getJson, mb, ms, paddedPdf, percentile, signIn, type BenchServer } from './harness';

const PDF_BYTES = 1024 * 1024;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function uploadAndSubmit(base: string, token: string, assignmentId: string, pdf: Buffer) {
  const body = multipartBody([
    { name: 'assignment_id', value: assignmentId },
    { name: 'file', filename: 'essay.pdf', contentType: 'application/pdf', data: pdf },
  ]);
  const upload = await fetch(`${base}/api/files`, {
    method: 'POST',
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    body: body.payload,
  });
  if (upload.status !== 201) throw new Error(`upload ${upload.status}: ${await upload.text()}`);
  const file = (await upload.json()) as { path: string; size: number; original_filename: string };
  const submit = await fetch(`${base}/api/assignments/${assignmentId}/submissions/me`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      file_path: file.path,
      file_size: file.size,
      original_filename: file.original_filename,
    }),
  });
  if (!submit.ok) throw new Error(`submit ${submit.status}: ${await submit.text()}`);
  return file.path;
}

async function readStored(storageDir: string, key: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of createLocalStorage(storageDir).createReadStream(key))
    chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function benchRush(server: BenchServer, database: string) {
  const { fixture } = server;
  const tokens = await Promise.all(
    fixture.rushStudentEmails.map((email) => signIn(server.base, email, fixture.password)),
  );
  const pdfs: Buffer[] = [];
  for (let i = 0; i < tokens.length; i++) pdfs.push(await paddedPdf(PDF_BYTES, i + 1));

  await server.gc();
  const idle = server.rss();
  server.resetPeak();
  const latencies: number[] = [];
  const start = performance.now();
  const outcomes = await Promise.allSettled(
    tokens.map(async (token, i) => {
      const t0 = performance.now();
      const path = await uploadAndSubmit(server.base, token, fixture.rushAssignmentId, pdfs[i]!);
      latencies.push(performance.now() - t0);
      return path;
    }),
  );
  const wall = performance.now() - start;
  const peak = server.peak();
  const errors = outcomes.filter((o) => o.status === 'rejected');
  for (const error of errors.slice(0, 3))
    console.error('  rush error:', (error as PromiseRejectedResult).reason);

  // Verify: the teacher sees all 200 submissions, each pointing at the file its student sent.
  const teacher = await signIn(server.base, fixture.rushTeacherEmail, fixture.password);
  const list = await getJson<{ items: { file_path: string | null }[] }>(
    server.base,
    `/api/assignments/${fixture.rushAssignmentId}/submissions`,
    teacher,
  );
  const listed = new Set(list.items.map((s) => s.file_path));
  let identical = 0;
  for (const [i, outcome] of outcomes.entries()) {
    if (outcome.status !== 'fulfilled' || !listed.has(outcome.value)) continue;
    const stored = await readStored(server.storageDir, outcome.value);
    if (sha256(stored) === sha256(pdfs[i]!)) identical += 1;
  }
  return [
    database,
    `${list.items.length} / ${tokens.length}`,
    `${identical} / ${tokens.length}`,
    String(errors.length),
    ms(percentile(latencies, 50)),
    ms(percentile(latencies, 95)),
    ms(wall),
    `${mb(peak)} (idle ${mb(idle)})`,
  ];
}
