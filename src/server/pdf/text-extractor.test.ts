// Extractions take turns on the worker threads; each one's time budget starts when its turn
// does, so a student whose PDF waited behind classmates' is never refused for their time.
import { describe, expect, it } from 'vitest';
import { createPooledTextExtractor, type ExtractInWorker } from './text-extractor';
import { UnreadablePdfError } from './pdf-errors';

/** A worker that takes `ms` per PDF, or never answers for a PDF whose first byte is 0. */
function slowWorker(ms: number): { extract: ExtractInWorker; running: () => number } {
  let running = 0;
  let most = 0;
  const extract: ExtractInWorker = (pdf, { signal }) =>
    new Promise((resolve, reject) => {
      running += 1;
      most = Math.max(most, running);
      const done = () => {
        running -= 1;
      };
      if (pdf[0] === 0) {
        signal.addEventListener('abort', () => {
          done();
          reject(signal.reason);
        });
        return;
      }
      setTimeout(() => {
        done();
        resolve(`text of ${pdf[0]}`);
      }, ms);
    });
  return { extract, running: () => most };
}

const budget = { timeoutMs: 300, memoryBytes: 1024 ** 3 };

describe('Pooled text extraction', () => {
  it('counts each budget from the extraction’s own start, not from its wait', async () => {
    const worker = slowWorker(200);
    const extract = createPooledTextExtractor(worker.extract, budget, 1);
    // Four PDFs at once on one thread: the last waits 600 ms, longer than its 300 ms budget.
    const texts = await Promise.all([1, 2, 3, 4].map((n) => extract(new Uint8Array([n]))));
    expect(texts).toEqual(['text of 1', 'text of 2', 'text of 3', 'text of 4']);
    expect(worker.running()).toBe(1);
  });

  it('runs as many at once as there are threads', async () => {
    const worker = slowWorker(50);
    const extract = createPooledTextExtractor(worker.extract, budget, 2);
    await Promise.all([1, 2, 3, 4, 5].map((n) => extract(new Uint8Array([n]))));
    expect(worker.running()).toBe(2);
  });

  it('still stops an extraction that overruns its own budget, and goes on with the next', async () => {
    const worker = slowWorker(20);
    const extract = createPooledTextExtractor(worker.extract, budget, 1);
    const stuck = extract(new Uint8Array([0]));
    const next = extract(new Uint8Array([7]));
    await expect(stuck).rejects.toBeInstanceOf(UnreadablePdfError);
    await expect(stuck).rejects.toMatchObject({ reason: 'too-slow' });
    expect(await next).toBe('text of 7');
  });
});
