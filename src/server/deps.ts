import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/connect';
import type { EngineRegistry } from './engines';
import type { JobQueue } from './jobs/job-queue';
import type { AbuseLimits } from './limits/abuse-limits';
import type { PdfTextExtractor } from './pdf/text-extractor';
import type { FileStorage } from './storage/file-storage';

/** Told after a successful write that changes what a course offers (its voice knowledge base). */
export interface CourseChangeListener {
  /** Never throws and never waits: the work it starts runs in the background. */
  courseChanged(courseId: string): void;
}

/** What services are built from. Routes, the agent's tools, jobs and the demo seed share one set. */
export interface ServiceDeps {
  db: Database;
  storage: FileStorage;
  config: Config;
  /** For what a service must report but not fail on (e.g. a file left behind). */
  log: FastifyBaseLogger;
  /** The current time where a service reads it; tests and the demo seed pin it. */
  clock: () => Date;
  /** PDF text extraction (in process today; a worker pool can implement the same function). */
  extractPdfText: PdfTextExtractor;
  /**
   * Told when an upload arrives, so that extraction is ready when it is handed in (pdf.js
   * loaded in a worker thread). Never waits and never throws.
   */
  prepareTextExtraction(): void;
  /** Mylo's grading, agent and title engines, keyed by stable id. */
  engines: EngineRegistry;
  jobs: JobQueue;
  courseChanges: CourseChangeListener;
  /** Per-user and per-address limits of this process (uploads, sign-ins, sign-ups). */
  limits: AbuseLimits;
}
