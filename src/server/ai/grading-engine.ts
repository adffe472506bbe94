// The grader's one interface (DESIGN §9): the offline rubric matcher and the LLM engine both
// implement it, and the grading service does not know which one it is talking to.
import type { DetailedResult } from '@domain/schemas/submissions';

/** What an engine may see. The student's name and email are deliberately not part of it. */
export interface GradingInput {
  assignment: {
    title: string;
    description: string | null;
    rubricMarkdown: string | null;
    totalPoints: number;
  };
  submission: { text: string; pdf?: Uint8Array; filename?: string };
}

export interface GradingEngine {
  /** Shown to the teacher with the result, e.g. "offline rubric matcher" or "openai:gpt-4.1". */
  readonly name: string;
  grade(input: GradingInput, options?: { signal?: AbortSignal }): Promise<DetailedResult>;
}

/** A grading failure the teacher reads after 'Failed to auto-grade: ', so say what went wrong. */
export class GradingError extends Error {
  /** True when trying again later may succeed (a provider that is down, slow or busy). */
  readonly retryable: boolean;

  constructor(message: string, options: { cause?: unknown; retryable?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.name = 'GradingError';
    this.retryable = options.retryable ?? false;
  }
}
