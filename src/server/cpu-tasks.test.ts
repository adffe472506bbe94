// Getting PDF extraction ready when an upload arrives (decision 043): one worker thread with
// pdf.js loaded, however many uploads arrive at once, only for an upload of a PDF, and never at
// the cost of the upload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCpuTasks, type CpuTasks } from './cpu-tasks';
import runCpuTask from './cpu-tasks.worker';
import { WARM_UP_TEXT } from './pdf/warm-up-pdf';
import { buildTestApp, type TestApp } from './test/build-test-app';
import { until } from './test/held-requests';
import { textPdf } from './test/pdf-fixtures';
import { buildClassroom, uploadPdf } from './test/uploads';

describe('getting PDF extraction ready', () => {
  it('starts one thread when none runs, none more while it runs, and one again once it ended', async () => {
    const cpu = createCpuTasks({ maxThreads: 1, idleTimeoutMs: 200 });
    try {
      expect(cpu.prepareTextExtraction()).toBe(true);
      // A class uploading at once starts one thread, not one each.
      expect(cpu.prepareTextExtraction()).toBe(false);
      expect(await cpu.extractPdfText(await textPdf(['Handed in.']))).toBe('Handed in.');
      expect(cpu.prepareTextExtraction()).toBe(false);
      // Idle past its timeout, the thread ends (its memory goes with it); the next upload
      // starts one again.
      await until(() => cpu.prepareTextExtraction());
      expect(await cpu.extractPdfText(await textPdf(['Handed in again.']))).toBe(
        'Handed in again.',
      );
    } finally {
      await cpu.close();
    }
  });

  it('tells when a thread has ended, so what it freed can be given back (046)', async () => {
    let ended = 0;
    const cpu = createCpuTasks({ maxThreads: 1, idleTimeoutMs: 200, onThreadEnded: () => ended++ });
    try {
      expect(await cpu.extractPdfText(await textPdf(['Handed in.']))).toBe('Handed in.');
      expect(ended).toBe(0);
      await until(() => ended === 1);
    } finally {
      await cpu.close();
    }
  });

  it('reads a PDF in the thread, so pdf.js is loaded and its code has run', async () => {
    expect(await runCpuTask({ task: 'pdf-warm-up' })).toBe(WARM_UP_TEXT);
  });

  describe('through POST /api/files', () => {
    let t: TestApp;
    const prepared: boolean[] = [];
    beforeAll(async () => {
      const cpu: CpuTasks = createCpuTasks({ maxThreads: 1 });
      t = await buildTestApp({
        cpu: {
          ...cpu,
          prepareTextExtraction: () => {
            const started = cpu.prepareTextExtraction();
            prepared.push(started);
            return started;
          },
        },
      });
    });
    afterAll(() => t.close());

    it('is asked for by an upload of a PDF, and not by one refused for not being a PDF', async () => {
      const { student, assignment } = await buildClassroom(t);
      const refused = await uploadPdf(t, student, assignment.id, {
        data: Buffer.from('Not a PDF at all'),
      });
      expect(refused.statusCode).toBe(415);
      expect(prepared).toEqual([]);

      const accepted = await uploadPdf(t, student, assignment.id);
      expect(accepted.statusCode).toBe(201);
      expect(prepared).toEqual([true]);
    });
  });
});
