// What runs in the CPU worker threads (DESIGN §12–13): PDF text extraction, the offline grader and
// the model-backed grader's detector of text aimed at the grader, the things heavy enough to stall
// every other request if they ran on the event loop. Each task is a plain function of its input;
// the pool (workers/cpu-pool.ts) bounds time, memory and concurrency around it. A root file: it
// reaches into ai/ and pdf/.
import { workerData } from 'piscina';
import type { GradingInput } from './ai/grading-engine';
import { gradeOffline } from './ai/offline/offline-grader';
import { detectInstructionsToGrader, type DetectionContext } from './ai/prompt-injection';
import { extractPdfText, type ExtractionLimits } from './pdf/pdf-text';
import { warmUpPdf } from './pdf/warm-up-pdf';
import type { CpuWorkerData, TaskFailure } from './workers/cpu-pool';
import { lowerThisThread } from './workers/thread-priority';

// Below the event loop, as the process's other helper threads are (docs/decisions/054).
lowerThisThread((workerData as CpuWorkerData | undefined)?.threadNice ?? 0);

// pdf.js inflates every compressed stream through a DecompressionStream when the global exists,
// and falls back to its own inflate when it does not. On Node 20 a web stream per page and per
// font cost more than the inflating: a quarter of an extraction's CPU (docs/decisions/042).
// Nothing else in this thread uses it.
delete (globalThis as { DecompressionStream?: unknown }).DecompressionStream;

export type CpuTask =
  | { task: 'pdf-text'; pdf: Uint8Array; limits: ExtractionLimits }
  /** Loads pdf.js and reads a one-page PDF, so the next extraction starts warm (043). */
  | { task: 'pdf-warm-up' }
  | { task: 'offline-grade'; input: GradingInput }
  /** The model-backed grader's own check for text aimed at the grader: up to 200 kB of text. */
  | { task: 'detect-instructions'; text: string; context: DetectionContext };

export default async function runCpuTask(task: CpuTask): Promise<unknown> {
  try {
    switch (task.task) {
      case 'pdf-text':
        // The bytes were transferred to this thread for this task alone.
        return await extractPdfText(task.pdf, task.limits, 'given');
      case 'pdf-warm-up':
        return await extractPdfText(warmUpPdf(), {}, 'given');
      case 'offline-grade':
        return gradeOffline(task.input);
      case 'detect-instructions':
        return detectInstructionsToGrader(task.text, task.context);
    }
  } catch (error) {
    const failure: TaskFailure = {
      failed: true,
      name: error instanceof Error ? error.name : 'Error',
      message: error instanceof Error ? error.message : String(error),
      ...(typeof (error as { reason?: unknown }).reason === 'string' && {
        reason: (error as { reason: string }).reason,
      }),
    };
    return failure;
  }
}
