// An engine turns one teacher message (with the thread's history) into a reply, calling tools.
// The offline engine parses commands; the LLM engine (llm/llm-agent.ts) lets a model call the
// same tools (each AgentTool maps to `tool({ description, inputSchema, execute })`).
import type { AgentTools } from './agent-tools';
import type { ToolReply } from './agent-tool';

export interface AgentRequest {
  message: string;
  /** Earlier exchanges of the thread, oldest first (empty without a thread). */
  history: { message: string; response: string | null }[];
  tools: AgentTools;
  /** The course the teacher is looking at, when the client says so (`context.course_id`). */
  courseId?: string;
  /** The request's reference time (the deps clock), for "today" and relative dates. */
  now?: Date;
  /** The teacher's UTC offset in minutes, when the client sent it. */
  utcOffsetMinutes?: number;
}

export interface AgentEngine {
  name: 'offline' | 'llm';
  respond(request: AgentRequest): Promise<ToolReply>;
}
