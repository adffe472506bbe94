// 3b. One hand-in on a quiet server: what most hand-ins are outside a deadline rush. A student
// uploads a ~1 MB PDF, looks at it for a second, and submits it, on a server whose PDF worker
// thread has ended (it ends after 30 s idle; this step follows the 35 s settle of the
// extraction-load step). Then a second student does the same while that thread still runs.
// The first submit used to wait for a thread to start and load pdf.js (decision 043).
import { THREAD_IDLE_TIMEOUT_MS } from '@server/workers/cpu-pool';
import { EXTRACTION_LOAD } from './extraction-load';
import {
  ms,
  paddedPdf,
  signIn,
  submitUpload,
  uploadBody,
  uploadPdf,
  type BenchServer,
} from './harness';

const LOOKS_MS = 1000;

async function handIn(server: BenchServer, email: string, seed: number) {
  const { fixture } = server;
  const token = await signIn(server.base, email, fixture.password);
  const body = uploadBody(fixture.largeAssignmentId, await paddedPdf(1024 * 1024, seed));
  const uploadStart = performance.now();
  const file = await uploadPdf(server.base, token, body);
  const uploadMs = performance.now() - uploadStart;
  await new Promise((resolve) => setTimeout(resolve, LOOKS_MS));
  const submitStart = performance.now();
  await submitUpload(server.base, token, fixture.largeAssignmentId, file);
  return { uploadMs, submitMs: performance.now() - submitStart };
}

export async function benchQuietHandIn(server: BenchServer, database: string) {
  // The extraction-load step has waited BENCH_SETTLE seconds already; wait out the rest.
  const rest = Math.max(0, THREAD_IDLE_TIMEOUT_MS / 1000 + 1 - EXTRACTION_LOAD.settleSeconds);
  await new Promise((resolve) => setTimeout(resolve, rest * 1000));
  const emails = server.fixture.rushStudentEmails;
  // Students the large-uploads and extraction-load steps did not hand in for.
  const first = await handIn(server, emails[emails.length - 2]!, 9001);
  const next = await handIn(server, emails[emails.length - 3]!, 9002);
  return [
    database,
    `${ms(first.uploadMs)} / ${ms(next.uploadMs)}`,
    ms(first.submitMs),
    ms(next.submitMs),
  ];
}

export const QUIET_HAND_IN_NOTE =
  `One student uploads a ~1 MB PDF, waits ${LOOKS_MS / 1000} s (looking at it), and submits it, on a server with no PDF worker thread running (the extraction-load step's 35 s settle has passed; a thread ends after 30 s idle). Then a second student does the same while that thread still runs. Outside a deadline rush most hand-ins are the first kind.\n` +
  'Command: `bench/quiet-hand-in.ts`: POST /api/files, 1 s, PUT /api/assignments/:id/submissions/me, one student after the other.';
