// Hostile PDFs (issue 20) through the real upload and submit routes: each is refused with a
// clear 422 and leaves nothing behind, the server keeps answering while it reads them (the
// reading happens in a worker thread), and the memory a bomb took is given back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCpuTasks } from '../cpu-tasks';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import {
  compressedStreamBombPdf,
  deepObjectTreePdf,
  manyEmptyPagesPdf,
  textDrawingBombPdf,
} from '../test/hostile-pdfs';
import { buildClassroom, filesOnDisk, submit, uploaded } from '../test/uploads';
import { MAX_PDF_PAGES } from './pdf-errors';

const OVER_BUDGET =
  /^This PDF (took too long|needs too much memory) to read\. Please export or print it to PDF again and upload that\.$/;

let t: TestApp;
let classroom: Awaited<ReturnType<typeof buildClassroom>>;

beforeAll(async () => {
  // Small budgets, so the limits are reached in a test's time; the server's are larger.
  t = await buildTestApp({
    cpu: createCpuTasks({
      maxThreads: 1,
      idleTimeoutMs: 1000,
      extractionBudget: { timeoutMs: 4000, memoryBytes: 256 * 1024 * 1024 },
    }),
  });
  classroom = await buildClassroom(t);
});
afterAll(() => t.close());

/**
 * Submits the PDF while asking /health, and says which answered first: a server that reads
 * the PDF on its event loop cannot answer /health until it is done.
 */
async function submitWhileAskingHealth(pdf: Buffer) {
  const file = await uploaded(t, classroom.student, classroom.assignment.id, { data: pdf });
  const order: string[] = [];
  const submitted = submit(t, classroom.student, classroom.assignment.id, file).then((r) => {
    order.push('submit');
    return r;
  });
  // Once the submit is under way (its extraction has started), ask for /health.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const health = await t.app.inject({ url: '/health' });
  order.push('health');
  return { response: await submitted, health, order, file };
}

describe('PDFs made to hurt the server', () => {
  it.each([
    [
      `more than ${MAX_PDF_PAGES} pages`,
      () => manyEmptyPagesPdf(5000),
      `This PDF has more than ${MAX_PDF_PAGES.toLocaleString('en-US')} pages. Please upload a shorter PDF.`,
    ],
    // The two bombs are stopped by whichever budget they exhaust first, time or memory
    // (that depends on how busy the machine is); either way the student is told plainly.
    ['a compressed run of text-drawing operators', () => textDrawingBombPdf(), OVER_BUDGET],
    ['a stream that decompresses to a gigabyte', () => compressedStreamBombPdf(1024), OVER_BUDGET],
    [
      'arrays nested 100,000 deep',
      () => deepObjectTreePdf(100_000),
      'This PDF could not be read; it may be damaged. Please upload it again.',
    ],
  ])(
    'refuses %s with a clear 422, keeps nothing, and answers /health meanwhile',
    async (_label, make, message) => {
      const pdf = await make();
      expect(pdf.length).toBeLessThan(10 * 1024 * 1024);
      const { response, health, order, file } = await submitWhileAskingHealth(pdf);
      expect(response.statusCode).toBe(422);
      expect(response.json().error.message).toMatch(message);
      expect(health.statusCode).toBe(200);
      expect(order[0]).toBe('health');
      // The refused upload is removed, and no submission was recorded.
      expect(await filesOnDisk(t)).not.toContain(`assignment-files/${file.path}`);
      const mine = await t.app.inject({
        url: `/api/assignments/${classroom.assignment.id}/submissions/me`,
        headers: classroom.student.headers,
      });
      expect(mine.statusCode).toBe(404);
    },
  );

  it('gives the memory of a decompression bomb back once it is refused', async () => {
    // Made before measuring: building it (a gigabyte deflated) is the test's memory, not the
    // server's.
    const bomb = await compressedStreamBombPdf(1024);
    const before = process.memoryUsage.rss();
    const { response } = await submitWhileAskingHealth(bomb);
    expect(response.statusCode).toBe(422);
    // The thread that held the bomb is gone with its memory. Piscina ends that thread after
    // the refusal is answered, so on a busy machine its memory leaves a moment later.
    await expect
      .poll(() => process.memoryUsage.rss() - before, { timeout: 10_000, interval: 200 })
      .toBeLessThan(200 * 1024 * 1024);
  });

  it('still reads a normal PDF afterwards, on a fresh thread', async () => {
    const { textPdf } = await import('../test/pdf-fixtures');
    const file = await uploaded(t, classroom.student, classroom.assignment.id, {
      data: await textPdf(['An honest essay about hash tables.']),
    });
    const response = await submit(t, classroom.student, classroom.assignment.id, file);
    expect(response.statusCode).toBe(200);
    expect(response.json().content).toBe('An honest essay about hash tables.');
  });
});
