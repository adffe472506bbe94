// 4. Large uploads: 20 concurrent uploads just under the 10 MB limit. Uploads stream to disk,
// so the server's peak RSS should grow by far less than the 200 MB in flight.
import { MAX_UPLOAD_BYTES } from '@domain/limits';
import { multipartBody } from '@server/test/multipart';
import { mb, paddedPdf, signIn, type BenchServer } from './harness';

export const LARGE_UPLOADS = { count: 20, bytes: MAX_UPLOAD_BYTES - 64 * 1024 } as const;

export async function benchLargeUploads(server: BenchServer, database: string) {
  const { fixture } = server;
  const emails = fixture.rushStudentEmails.slice(0, LARGE_UPLOADS.count);
  const tokens = await Promise.all(emails.map((e) => signIn(server.base, e, fixture.password)));
  const bodies: ReturnType<typeof multipartBody>[] = [];
  for (let i = 0; i < tokens.length; i++) {
    bodies.push(
      multipartBody([
        { name: 'assignment_id', value: fixture.largeAssignmentId },
        {
          name: 'file',
          filename: 'thesis.pdf',
          contentType: 'application/pdf',
          data: await paddedPdf(LARGE_UPLOADS.bytes, 1000 + i),
        },
      ]),
    );
  }
  // Idle = after a full collection, so that garbage from seeding cannot hide the growth.
  await server.gc();
  const idle = server.rss();
  server.resetPeak();
  const start = performance.now();
  const statuses = await Promise.all(
    tokens.map(async (token, i) => {
      const response = await fetch(`${server.base}/api/files`, {
        method: 'POST',
        headers: { ...bodies[i]!.headers, authorization: `Bearer ${token}` },
        body: bodies[i]!.payload,
      });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const wall = performance.now() - start;
  const peak = server.peak();
  const inFlight = bodies.reduce((sum, b) => sum + b.payload.length, 0);
  return [
    database,
    `${statuses.filter((s) => s === 201).length} / ${tokens.length}`,
    mb(inFlight),
    mb(idle),
    mb(peak),
    mb(peak - idle),
    `${wall.toFixed(0)} ms`,
  ];
}
