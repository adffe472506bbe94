// The server's CPU worker pool wired to its tasks (docs/decisions/022): PDF text extraction with
// its budget, the offline grader, and the detector of text aimed at the grader. buildApp creates
// one per app and closes it with it.
import type { DetailedResult } from '@domain/schemas/submissions';
import type { CpuTask } from './cpu-tasks.worker';
import { GradingError, type GradingEngine } from './ai/grading-engine';
import { OFFLINE_ENGINE_NAME } from './ai/engine-id';
import type { DetectionContext } from './ai/prompt-injection';
import {
  createPooledTextExtractor,
  DEFAULT_EXTRACTION_BUDGET,
  type ExtractionBudget,
  type PdfTextExtractor,
} from './pdf/text-extractor';
import { createCpuPool, CpuTaskError, type CpuPoolOptions } from './workers/cpu-pool';

const fromSource = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(`./cpu-tasks.worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);

export interface CpuTasks {
  extractPdfText: PdfTextExtractor;
  /**
   * An upload has arrived: gets a thread ready to read its PDF when it is handed in (043).
   * True when it started one; false when a thread is already running. A warm-up that fails is
   * told to `onFailed`; it never fails the upload.
   */
  prepareTextExtraction(onFailed?: (error: unknown) => void): boolean;
  /** The offline grader, graded in a worker thread. */
  offlineGrader: GradingEngine;
  /**
   * prompt-injection.ts's detector in a worker thread, for the model-backed grader: a whole
   * submission's text (up to 200 kB) took up to 0.3 s on the event loop (decision 059).
   */
  detectInstructionsToGrader(text: string, context?: DetectionContext): Promise<string[]>;
  close(): Promise<void>;
}

export function createCpuTasks(
  options: Omit<CpuPoolOptions, 'filename'> & { extractionBudget?: ExtractionBudget } = {},
): CpuTasks {
  const pool = createCpuPool<CpuTask>({ ...options, filename: WORKER_FILE });
  return {
    extractPdfText: createPooledTextExtractor(
      (pdf, { signal, transfer }) =>
        pool.run<string>({ task: 'pdf-text', pdf, limits: {} }, { signal, transfer }),
      options.extractionBudget ?? DEFAULT_EXTRACTION_BUDGET,
      pool.threads,
    ),
    prepareTextExtraction: (onFailed) => pool.warmUp({ task: 'pdf-warm-up' }, onFailed),
    offlineGrader: {
      name: OFFLINE_ENGINE_NAME,
      async grade({ assignment, submission }, gradeOptions) {
        try {
          return await pool.run<DetailedResult>(
            // The offline engine reads the text only: the PDF stays on this side.
            { task: 'offline-grade', input: { assignment, submission: { text: submission.text } } },
            { ...(gradeOptions?.signal && { signal: gradeOptions.signal }) },
          );
        } catch (error) {
          if (error instanceof CpuTaskError && error.failure.name === 'GradingError') {
            throw new GradingError(error.failure.message);
          }
          throw error;
        }
      },
    },
    detectInstructionsToGrader: (text, context = {}) =>
      pool.run<string[]>({ task: 'detect-instructions', text, context }, {}),
    close: () => pool.close(),
  };
}
