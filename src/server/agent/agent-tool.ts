// The shape every Mylo tool has, so any engine can drive it: the offline command parser and
// the AI SDK tool-calling engine (`tool({ description, inputSchema, execute })` maps 1:1).
import type { z } from 'zod';
import type { PendingAction } from '../chat/chat.service';
import { AppError } from '../errors';

/** What a tool answers; the agent endpoints return it as SPEC §7's reply. */
export interface ToolReply {
  /** Markdown for the chat. */
  response: string;
  success: boolean;
  /** The tool that ran ('create_assignment'), or 'clarify', 'not_found', 'invalid_input'... */
  action_taken: string;
  data: unknown;
  /**
   * Set when the reply asks which item the teacher meant: the offline engine keeps the request
   * on the thread so that "yes" or "the one in CS500" finishes it. Never sent to the client.
   */
  retry?: Retry;
  /** What the thread should wait for the teacher to confirm (stored by the agent service). */
  pending?: PendingAction;
}

/** The items a reply offered in place of a name that did not identify one. */
export interface Retry {
  /** The tool input the candidate's id replaces. */
  field: 'assignment' | 'course';
  /** 'confirm': one near match ("Did you mean …?"); 'choose': several. */
  mode: 'confirm' | 'choose';
  candidates: { id: string; title: string; course?: string }[];
}

export interface AgentTool<S extends z.ZodType = z.ZodType> {
  name: string;
  /** For a model: what the tool does and when to use it. */
  description: string;
  inputSchema: S;
  execute(input: z.output<S>): Promise<ToolReply>;
}

export type AgentToolset = Record<string, AgentTool>;

export const defineTool = <S extends z.ZodType>(tool: AgentTool<S>): AgentTool<S> => tool;

export const reply = (
  action_taken: string,
  response: string,
  data: unknown = null,
  success = true,
  extra: Pick<ToolReply, 'retry' | 'pending'> = {},
): ToolReply => ({ response, success, action_taken, data, ...extra });

/**
 * Runs a tool on untrusted input (a parsed command or a model's arguments): the input is
 * validated by the tool's schema, and a rule a service enforces (404, 409, 422...) becomes a
 * reply the teacher can read. Anything else is a fault and propagates to the agent service.
 */
export async function runTool(tool: AgentTool, rawInput: unknown): Promise<ToolReply> {
  const parsed = tool.inputSchema.safeParse(rawInput);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => issue.message);
    return reply('invalid_input', `I couldn't do that: ${problems.join(' ')}`, null, false);
  }
  try {
    return await tool.execute(parsed.data);
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      return reply('error', `I couldn't do that: ${error.message}`, null, false);
    }
    throw error;
  }
}

/** Markdown-safe inline text: a title cannot inject links or emphasis into a reply. */
export function md(text: string): string {
  return text.replace(/([\\`*_[\]<>|])/g, '\\$1');
}
