// The LLM engine (DESIGN §9): one structured-output call through the AI SDK, retried a bounded
// number of times when the answer cannot be read, under one deadline; every provider fault
// becomes a GradingError whose message the teacher reads after 'Failed to auto-grade: '.
import { APICallError, generateText, NoObjectGeneratedError, Output } from 'ai';
import { parseRubric } from '@domain/rubric';
import type { DetailedResult } from '@domain/schemas/submissions';
import { finalizeResult } from '../finalize-result';
import { GradingError, type GradingEngine, type GradingInput } from '../grading-engine';
import { detectInstructionsToGrader, type DetectionContext } from '../prompt-injection';
import { acceptsPdf, describeModel, type LlmConfig } from '../model-names';
import { createLanguageModel } from '../provider';
import {
  buildSubmissionMessage,
  buildSystemPrompt,
  MAX_SUBMISSION_CHARS,
  modelAnswerSchema,
  type ModelAnswer,
} from './grading-prompt';

export interface LlmGraderOptions {
  /** The deadline for the whole grading, all attempts included. */
  timeoutMs?: number;
  /** Calls made at most when answers cannot be read. Provider errors are not retried. */
  maxAttempts?: number;
  /**
   * prompt-injection.ts's detector; the server runs it in its CPU worker pool (decision 059).
   * By default it runs here.
   */
  detectInstructions?: (text: string, context?: DetectionContext) => Promise<string[]>;
}

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_ATTEMPTS = 2;
const MAX_OUTPUT_TOKENS = 4096;
const MAX_MODEL_REPORTS = 5;
/** Worded as prompt-injection.ts words its own findings. */
const INJECTION_WARNING = 'The submission contains text that tries to instruct the grader';

export const GRADING_ERRORS = {
  timeout: 'The AI provider did not answer in time.',
  unreachable: 'The AI provider could not be reached.',
  unreadable: 'The AI provider returned an answer that could not be read.',
  cancelled: 'Grading was cancelled.',
  noContent: 'The submission has no extractable text to grade.',
  httpError: (status: number) => `The AI provider returned an error (HTTP ${status}).`,
} as const;

export function createLlmGrader(llm: LlmConfig, options: LlmGraderOptions = {}): GradingEngine {
  const model = createLanguageModel(llm);
  const name = describeModel(llm);
  const attachPdf = acceptsPdf(llm);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const detect =
    options.detectInstructions ??
    (async (text, context) => detectInstructionsToGrader(text, context));

  return {
    name,
    async grade(input: GradingInput, { signal } = {}): Promise<DetailedResult> {
      const { assignment, submission } = input;
      const sendsPdf = attachPdf && Boolean(submission.pdf?.byteLength);
      if (!submission.text.trim() && !sendsPdf) throw new GradingError(GRADING_ERRORS.noContent);

      const rubric = parseRubric(
        assignment.rubricMarkdown,
        assignment.totalPoints,
        assignment.description,
      );
      const system = buildSystemPrompt(assignment, rubric);
      const messages = [buildSubmissionMessage(submission, { attachPdf })];
      const deadline = AbortSignal.timeout(timeoutMs);
      const abortSignal = signal ? AbortSignal.any([signal, deadline]) : deadline;

      let answer: ModelAnswer | undefined;
      for (let attempt = 1; !answer; attempt += 1) {
        try {
          const result = await generateText({
            model,
            system,
            messages,
            output: Output.object({ schema: modelAnswerSchema, name: 'grading_result' }),
            temperature: 0,
            maxOutputTokens: MAX_OUTPUT_TOKENS,
            // Retries are ours: only unreadable answers are worth a second call.
            maxRetries: 0,
            abortSignal,
          });
          answer = result.output;
        } catch (error) {
          if (signal?.aborted) throw new GradingError(GRADING_ERRORS.cancelled, { cause: error });
          if (deadline.aborted) {
            throw new GradingError(GRADING_ERRORS.timeout, { cause: error, retryable: true });
          }
          if (!NoObjectGeneratedError.isInstance(error)) throw providerError(error);
          if (attempt >= maxAttempts) {
            throw new GradingError(GRADING_ERRORS.unreadable, { cause: error });
          }
        }
      }

      const warnings = [
        ...injectionReports(
          submission.text,
          await detect(submission.text, { totalPoints: assignment.totalPoints }),
          answer.injection_attempts,
        ),
        ...(submission.text.trim().length > MAX_SUBMISSION_CHARS
          ? [`Only the first ${MAX_SUBMISSION_CHARS} characters of the text were sent to the AI.`]
          : []),
      ];
      return finalizeResult(toRawResult(answer, warnings), rubric, assignment.totalPoints, name);
    },
  };
}

/**
 * Our own detector's findings, plus what the model reports that the detector missed. A model's
 * quote counts only when it is really in the text, so a student is never accused of something a
 * model made up (a PDF with no extracted text cannot be checked, and is taken as reported).
 */
function injectionReports(
  text: string,
  foundByDetector: string[],
  reportedByModel: string[],
): string[] {
  const found = [...foundByDetector];
  const haystack = normalize(text);
  for (const quote of reportedByModel.slice(0, MAX_MODEL_REPORTS)) {
    const key = normalize(quote);
    if (!key || (haystack && !haystack.includes(key))) continue;
    if (found.some((known) => normalize(known).includes(key) || key.includes(normalize(known)))) {
      continue;
    }
    found.push(quote.trim().length > 160 ? `${quote.trim().slice(0, 160)}…` : quote.trim());
  }
  return found.map((quote) => `${INJECTION_WARNING}: "${quote}"`);
}

function normalize(text: string): string {
  return text.replace(/[…]+$/, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

function toRawResult(answer: ModelAnswer, warnings: string[]): DetailedResult {
  return {
    grade: answer.grade,
    percentage: 0, // recomputed by finalizeResult from the breakdown
    confidence_level: answer.confidence_level,
    feedback: answer.feedback,
    rubric_breakdown: answer.rubric_breakdown,
    recommendations: answer.recommendations,
    warnings,
  };
}

function providerError(error: unknown): GradingError {
  if (APICallError.isInstance(error)) {
    const message = error.statusCode
      ? GRADING_ERRORS.httpError(error.statusCode)
      : GRADING_ERRORS.unreachable;
    // Unreachable, overloaded (429) or failing (5xx) may pass; a refused request (4xx) will not.
    const status = error.statusCode;
    const retryable = status === undefined || status === 429 || status >= 500;
    return new GradingError(message, { cause: error, retryable });
  }
  return new GradingError(GRADING_ERRORS.unreadable, { cause: error });
}
