// 8. The event loop while a large PDF is read: one student submits a 1,000-page text PDF padded
// to just under 10 MB (the upload limit; 1,000 pages is the extraction limit), while one client
// sends GET /health one after another and the server samples its own event-loop delay.
// Extraction runs in a worker thread (decision 022), so neither should notice.
import { MAX_UPLOAD_BYTES } from '@domain/limits';
import { createTextPdf, PAGE_BREAK } from '@server/demo/text-pdf';
import {
  mb,
  ms,
  percentile,
  probeHealth,
  signIn,
  submitUpload,
  uploadBody,
  uploadPdf,
  type BenchServer,
} from './harness';

export const EXTRACTION_LOAD = {
  pages: 1000,
  bytes: MAX_UPLOAD_BYTES - 64 * 1024,
  /** Past the worker pool's 30 s idle timeout, so the thread has ended. */
  settleSeconds: Number(process.env.BENCH_SETTLE ?? 35),
} as const;

async function bigPdf(): Promise<Buffer> {
  const paragraphs: string[] = [];
  for (let page = 1; page <= EXTRACTION_LOAD.pages; page += 1) {
    if (page > 1) paragraphs.push(PAGE_BREAK);
    paragraphs.push(
      `Page ${page}. The load factor of a hash table is the number of entries divided by the number of buckets; past about 0.75 the table grows and every entry is placed again.`,
    );
  }
  const pdf = await createTextPdf({ paragraphs }, { padToBytes: EXTRACTION_LOAD.bytes, seed: 8 });
  return Buffer.from(pdf);
}

export async function benchExtractionLoad(server: BenchServer, database: string) {
  const { fixture } = server;
  // A student the large-uploads step did not use, on that step's assignment.
  const email = fixture.rushStudentEmails[fixture.rushStudentEmails.length - 1]!;
  const token = await signIn(server.base, email, fixture.password);
  const pdf = await bigPdf();
  // What the server held before: earlier sections (the rush above all) leave their own mark,
  // and this row is about what reading the PDF leaves. Read before the upload, which starts a
  // PDF thread (decision 043).
  await server.gc();
  const rssBefore = server.rss();
  const file = await uploadPdf(server.base, token, uploadBody(fixture.largeAssignmentId, pdf));

  const health = probeHealth(server.base);
  server.startEventLoopDelay();
  await new Promise((resolve) => setTimeout(resolve, 200)); // a baseline before the submit
  const start = performance.now();
  const submit = await submitUpload(server.base, token, fixture.largeAssignmentId, file);
  const submitMs = performance.now() - start;
  const delay = await server.stopEventLoopDelay();
  const latencies = await health.stop();
  // The worker thread that read the PDF ends once idle (decision 022); its memory goes with it.
  await new Promise((resolve) => setTimeout(resolve, EXTRACTION_LOAD.settleSeconds * 1000));
  await server.gc();
  return [
    database,
    `${EXTRACTION_LOAD.pages} pages, ${mb(pdf.length)}`,
    `${submit.status} in ${ms(submitMs)}`,
    `${ms(delay.p99)} / ${ms(delay.max)}`,
    `${ms(percentile(latencies, 99))} / ${ms(Math.max(...latencies))} (${latencies.length})`,
    mb(rssBefore),
    mb(server.rss()),
  ];
}
