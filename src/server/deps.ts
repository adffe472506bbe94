import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/connect';
import type { FileStorage } from './files/storage';
import type { VoiceNotifier } from './voice/voice.service';

/** What services are built from. Routes, the agent's tools and the grader share one set. */
export interface ServiceDeps {
  db: Database;
  storage: FileStorage;
  config: Config;
  /** For what a service must report but not fail on (e.g. a file left behind). */
  log: FastifyBaseLogger;
  /** The current time where a service reads it (the agent's "next Friday"); tests pin it. */
  clock?: () => Date;
  /**
   * Told after a successful write to a course, its assignments, enrolments or submissions;
   * pushes the voice course's knowledge base in the background (fire-and-forget).
   */
  voice?: VoiceNotifier;
}
