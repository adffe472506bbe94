// A hand-in is timed when its request arrived whole (decision 043): waiting for its turn in a
// rush, or for its PDF's text, never makes work late, and a body sent after the due date is
// late whenever its headers came; of two racing hand-ins the later one stays.
import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCpuTasks } from '../cpu-tasks';
import { submissionVersions } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAssignment } from '../test/factories';
import { listenOnLoopback } from '../test/held-requests';
import { textPdf } from '../test/pdf-fixtures';
import { buildClassroom, submit, uploaded } from '../test/uploads';

const DUE = Date.parse('2026-06-01T12:00:00Z');
let now = DUE - 10 * 60_000;
/** Runs before an extraction; a test sets it to move the clock or hold the extraction. */
let beforeExtraction: () => Promise<void> = async () => {};

let t: TestApp;
beforeAll(async () => {
  const cpu = createCpuTasks({ maxThreads: 1 });
  t = await buildTestApp({
    clock: () => new Date(now),
    cpu: {
      ...cpu,
      extractPdfText: async (pdf) => {
        await beforeExtraction();
        return cpu.extractPdfText(pdf);
      },
    },
  });
});
afterAll(() => t.close());

async function classroomDueAt(due: number) {
  const classroom = await buildClassroom(t);
  const assignment = await buildAssignment(t.database.db, classroom.course.id, {
    title: 'Due at noon',
    due_date: new Date(due),
  });
  return { ...classroom, assignment };
}

describe('the time of a hand-in', () => {
  it('is when the request arrived, so a hand-in read after the due date is on time', async () => {
    now = DUE - 10 * 60_000;
    const { student, assignment } = await classroomDueAt(DUE);
    const file = await uploaded(t, student, assignment.id);
    now = DUE - 1_000;
    // The text is read after the due date has passed, as in a rush that kept it waiting.
    beforeExtraction = async () => {
      now = DUE + 60_000;
    };

    const response = await submit(t, student, assignment.id, file);
    beforeExtraction = async () => {};

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      submitted_at: new Date(DUE - 1_000).toISOString(),
      late: false,
    });
  });

  it('is when the request arrived whole: headers before the due date and a body after it is late', async () => {
    now = DUE - 10 * 60_000;
    const { student, assignment } = await classroomDueAt(DUE);
    const file = await uploaded(t, student, assignment.id);
    const base = await listenOnLoopback(t.app);
    const body = JSON.stringify({
      file_path: file.path,
      file_size: file.size,
      original_filename: 'essay.pdf',
    });

    now = DUE - 1_000;
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        `${base}/api/assignments/${assignment.id}/submissions/me`,
        {
          method: 'PUT',
          headers: {
            ...student.headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      // The headers go before the due date; the body, after it.
      request.flushHeaders();
      setTimeout(() => {
        now = DUE + 60_000;
        request.end(body);
      }, 300);
    });

    const { status, body: answered } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(answered)).toMatchObject({
      submitted_at: new Date(DUE + 60_000).toISOString(),
      late: true,
    });
  });

  it('keeps the later of two racing hand-ins, even when the earlier one finishes last', async () => {
    now = DUE - 10 * 60_000;
    const { student, assignment } = await classroomDueAt(DUE);
    const first = await uploaded(t, student, assignment.id, {
      data: await textPdf(['The first draft.']),
      filename: 'draft.pdf',
    });
    const second = await uploaded(t, student, assignment.id, {
      data: await textPdf(['The final essay.']),
      filename: 'final.pdf',
    });
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let extractionStarted = () => {};
    const started = new Promise<void>((resolve) => (extractionStarted = resolve));
    // The first hand-in's text is read only once the second hand-in has been saved.
    beforeExtraction = async () => {
      beforeExtraction = async () => {};
      extractionStarted();
      await gate;
    };

    now = DUE - 2_000;
    const earlier = submit(t, student, assignment.id, first);
    await started;
    now = DUE - 1_000;
    const later = await submit(t, student, assignment.id, second);
    openGate();
    const earlierResponse = await earlier;

    expect(later.statusCode).toBe(200);
    expect(earlierResponse.statusCode).toBe(200);
    // Both answers show what is handed in: the later file, at its time.
    for (const response of [later, earlierResponse]) {
      expect(response.json()).toMatchObject({
        file_path: second.path,
        content: 'The final essay.',
        submitted_at: new Date(DUE - 1_000).toISOString(),
      });
    }
    const versions = await t.database.db
      .select({ file_path: submissionVersions.file_path })
      .from(submissionVersions)
      .where(eq(submissionVersions.submission_id, later.json().id));
    expect(versions).toEqual([{ file_path: second.path }]);
    // The superseded upload stays, like any upload not handed in: it may be handed in again.
    expect(await t.storage.stat(first.path)).not.toBeNull();
    const again = await submit(t, student, assignment.id, first);
    expect(again.json()).toMatchObject({ file_path: first.path, content: 'The first draft.' });
  });
});
