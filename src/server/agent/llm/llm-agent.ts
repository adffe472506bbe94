// The LLM Mylo engine (DESIGN §9): the model calls the same tools the offline engine parses
// commands into, with the thread's history, for a bounded number of steps under one deadline.
// Tools run through the services as the signed-in teacher; a service's "no" (404, 409, 422)
// goes back to the model as the tool's result so it can explain. Provider faults (HTTP errors,
// timeouts, unreadable answers) and server faults inside a tool throw, and the agent service
// answers SPEC §8's error reply.
import { APICallError, generateText, stepCountIs, tool, type ModelMessage, type ToolSet } from 'ai';
import { describeModel, type LlmConfig } from '../../ai/model-names';
import { createLanguageModel } from '../../ai/provider';
import type { AgentEngine, AgentRequest } from '../agent-engine';
import { runTool, type AgentTool, type ToolReply } from '../agent-tool';
import type { AgentToolName } from '../agent-tools';
import { buildAgentSystemPrompt } from './agent-prompt';

export interface LlmAgentOptions {
  /** Model calls per message at most (each may call tools). */
  maxSteps?: number;
  /** The deadline for the whole turn, all steps included. */
  timeoutMs?: number;
}

export const DEFAULT_MAX_STEPS = 5;
export const DEFAULT_TIMEOUT_MS = 45_000;
/** Earlier exchanges sent with each message; older ones are left out. */
export const MAX_HISTORY_EXCHANGES = 20;
const MAX_OUTPUT_TOKENS = 2048;

/** Tools whose success means the teacher's data changed (a delete is a proposal, see below). */
// Read tools (course_students, submission_roster, grade_statistics, assignments_due,
// late_submissions, list_assignments…) are offered to the model exactly as to the offline engine.
const CHANGES_DATA = new Set<AgentToolName>([
  'create_course',
  'update_course',
  'create_assignment',
  'update_assignment',
  'set_assignment_status',
  'update_rubric',
  'delete_assignment',
]);

export const AGENT_ENGINE_ERRORS = {
  timeout: 'The AI provider did not answer in time.',
  unreachable: 'The AI provider could not be reached.',
  unreadable: 'The AI provider returned an answer that could not be read.',
  empty: 'The AI provider returned an empty answer.',
  httpError: (status: number) => `The AI provider returned an error (HTTP ${status}).`,
} as const;

/** A provider fault; agent.service logs it (with its cause) and answers SPEC's error reply. */
export class AgentEngineError extends Error {
  override name = 'AgentEngineError';
}

interface ToolRun {
  name: string;
  reply: ToolReply;
}

export function createLlmAgent(llm: LlmConfig, options: LlmAgentOptions = {}): AgentEngine {
  const model = createLanguageModel(llm);
  const label = describeModel(llm);
  const maxSteps = Math.max(1, options.maxSteps ?? DEFAULT_MAX_STEPS);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return {
    name: 'llm',
    async respond(request) {
      const runs: ToolRun[] = [];
      // A server fault inside a tool (not a service's 4xx) ends the turn: it is not the
      // model's to explain, and no further tool may run after it.
      const fault = new AbortController();
      let toolFault: unknown;
      const deadline = AbortSignal.timeout(timeoutMs);

      const tools: ToolSet = {};
      for (const agentTool of Object.values(request.tools) as AgentTool[]) {
        tools[agentTool.name] = tool({
          description: agentTool.description,
          inputSchema: agentTool.inputSchema,
          execute: async (input: unknown) => {
            try {
              const result = await runTool(agentTool, input);
              runs.push({ name: agentTool.name, reply: result });
              return result;
            } catch (error) {
              toolFault ??= error;
              fault.abort(error);
              throw error;
            }
          },
        });
      }

      let text: string;
      try {
        const result = await generateText({
          model,
          system: buildAgentSystemPrompt({
            now: request.now ?? new Date(),
            ...(request.utcOffsetMinutes !== undefined && {
              utcOffsetMinutes: request.utcOffsetMinutes,
            }),
            ...(request.courseId && { courseId: request.courseId }),
          }),
          messages: toMessages(request),
          tools,
          stopWhen: stepCountIs(maxSteps),
          maxOutputTokens: MAX_OUTPUT_TOKENS,
          // The client retries a failed message on the offline engine (SPEC §8); a slow retry
          // here would only keep the teacher waiting.
          maxRetries: 0,
          abortSignal: AbortSignal.any([deadline, fault.signal]),
        });
        text = result.text.trim();
      } catch (error) {
        if (toolFault) throw toolFault;
        // The provider failed after a tool had changed the teacher's data: that change stands,
        // so say what was done rather than "try again" (a retry would do it twice).
        const changed = chooseRun(runs);
        if (changed && changed.reply.success && CHANGES_DATA.has(changed.name as AgentToolName)) {
          const { retry: _retry, pending: _pending, ...done } = changed.reply;
          return done;
        }
        throw providerError(error, deadline.aborted, label);
      }
      if (toolFault) throw toolFault;

      const chosen = chooseRun(runs);
      // Out of steps while still calling tools: the last tool's own words answer the teacher.
      const response = text || chosen?.reply.response || runs.at(-1)?.reply.response;
      if (!response) throw new AgentEngineError(`${AGENT_ENGINE_ERRORS.empty} (${label})`);
      // A model's question is not a proposal: its tools' `retry` and `pending` are dropped.
      return {
        response,
        success: true,
        action_taken: chosen?.reply.action_taken ?? 'none',
        data: chosen?.reply.data ?? null,
      };
    },
  };
}

/**
 * The run a reply reports: the last tool that changed data, else the last tool called. Its
 * `action_taken` is the tool's own ('create_assignment'; 'confirm_required' for a proposed
 * delete; 'not_found' when nothing matched), as the offline engine reports it.
 */
function chooseRun(runs: ToolRun[]): ToolRun | undefined {
  const changed = runs.filter(
    (run) => run.reply.success && CHANGES_DATA.has(run.name as AgentToolName),
  );
  return changed.at(-1) ?? runs.at(-1);
}

/** The thread's last exchanges as alternating turns, then the new message. */
function toMessages(request: AgentRequest): ModelMessage[] {
  const messages: ModelMessage[] = [];
  for (const exchange of request.history.slice(-MAX_HISTORY_EXCHANGES)) {
    messages.push({ role: 'user', content: exchange.message });
    if (exchange.response) messages.push({ role: 'assistant', content: exchange.response });
  }
  messages.push({ role: 'user', content: request.message });
  return messages;
}

function providerError(error: unknown, timedOut: boolean, label: string): AgentEngineError {
  let message: string;
  if (timedOut) message = AGENT_ENGINE_ERRORS.timeout;
  else if (APICallError.isInstance(error)) {
    message = error.statusCode
      ? AGENT_ENGINE_ERRORS.httpError(error.statusCode)
      : AGENT_ENGINE_ERRORS.unreachable;
  } else message = AGENT_ENGINE_ERRORS.unreadable;
  return new AgentEngineError(`${message} (${label})`, { cause: error });
}
