// An engine turns one teacher message (with the thread's history) into a reply, calling tools.
// The offline engine parses commands; an AI SDK tool-calling engine will implement the same
// interface (each AgentTool maps to `tool({ description, inputSchema, execute })`).
import type { AgentTools } from './agent-tools';
import type { ToolReply } from './agent-tool';

export interface AgentRequest {
  message: string;
  /** Earlier exchanges of the thread, oldest first (empty without a thread). */
  history: { message: string; response: string | null }[];
  tools: AgentTools;
  /** The course the teacher is looking at, when the client says so (`context.course_id`). */
  courseId?: string;
}

export interface AgentEngine {
  name: 'offline' | 'llm';
  respond(request: AgentRequest): Promise<ToolReply>;
}
