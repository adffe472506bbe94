// How services reach PDF text extraction: through deps, as one function (DESIGN §15). The
// server runs it in the CPU worker pool with limits on pages, time and memory; tests may use
// the in-process one. Either throws UnreadablePdfError with a reason the student can act on.
import { BusyError } from '../errors';
import { ConcurrencyLimitError, createConcurrencyLimit } from '../workers/concurrency-limit';
import { CpuTaskError } from '../workers/cpu-pool';
import { isUnreadableReason, UnreadablePdfError } from './pdf-errors';

/** Runs one extraction in a worker thread (cpu-tasks.ts wires the pool to this). */
export type ExtractInWorker = (
  pdf: Uint8Array,
  options: { signal: AbortSignal; transfer: ArrayBuffer[] },
) => Promise<string>;

export type PdfTextExtractor = (pdf: Uint8Array) => Promise<string>;

export interface ExtractionBudget {
  /** The longest one extraction may take. */
  timeoutMs: number;
  /** How far the process's memory may grow while an extraction runs (decompression bombs). */
  memoryBytes: number;
}

export const DEFAULT_EXTRACTION_BUDGET: ExtractionBudget = {
  timeoutMs: 20_000,
  memoryBytes: 512 * 1024 * 1024,
};

/** How often the memory of a running extraction is checked. */
const WATCH_MS = 25;

/**
 * Extractions waiting for a thread, at most. A deadline rush queues one per student (200 in the
 * bench); past this many the next is told to come back rather than held without end.
 */
const MAX_WAITING_EXTRACTIONS = 1_000;
const EXTRACTION_BUSY = 'The server is busy reading other PDFs. Please try again in a moment.';

/** Extraction on the calling thread (pdf.js, loaded on first use), for code that runs no pool. */
export function createInProcessTextExtractor(): PdfTextExtractor {
  return async (pdf) => (await import('./pdf-text')).extractPdfText(pdf);
}

/**
 * Extraction in a worker thread. Past its time or memory budget the task is aborted, which
 * ends its thread (and the memory it held); the student is told why. Extractions take turns,
 * one per thread (`threads`), so a budget counts the extraction's own time and memory from the
 * moment it starts, never the wait behind a classmate's.
 */
export function createPooledTextExtractor(
  extractInWorker: ExtractInWorker,
  budget: ExtractionBudget = DEFAULT_EXTRACTION_BUDGET,
  threads = 1,
): PdfTextExtractor {
  const turns = createConcurrencyLimit(threads, MAX_WAITING_EXTRACTIONS);
  const extract = async (pdf: Uint8Array) => {
    const controller = new AbortController();
    const stop = (reason: 'too-slow' | 'too-much-memory') => {
      if (!controller.signal.aborted) controller.abort(new UnreadablePdfError(reason));
    };
    const timer = setTimeout(() => stop('too-slow'), budget.timeoutMs);
    const baseline = process.memoryUsage.rss();
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() - baseline > budget.memoryBytes) stop('too-much-memory');
    }, WATCH_MS);
    // Handed over, not copied: the bytes move to the worker thread.
    const owned =
      pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? pdf : new Uint8Array(pdf);
    try {
      return await extractInWorker(owned, {
        signal: controller.signal,
        transfer: [owned.buffer as ArrayBuffer],
      });
    } catch (error) {
      if (controller.signal.aborted) throw controller.signal.reason;
      if (error instanceof CpuTaskError && isUnreadableReason(error.failure.reason)) {
        throw new UnreadablePdfError(error.failure.reason);
      }
      throw error;
    } finally {
      clearTimeout(timer);
      clearInterval(watch);
    }
  };
  return async (pdf) => {
    try {
      return await turns.run(() => extract(pdf));
    } catch (error) {
      if (error instanceof ConcurrencyLimitError) throw new BusyError(EXTRACTION_BUSY, 5);
      throw error;
    }
  };
}
