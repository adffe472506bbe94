// One teacher message in, one reply out (SPEC §7 /api/agent/process). The engine runs with the
// thread's history; the exchange is then stored on the thread (chat.addExchange bumps its
// counters in the same transaction).
//
// Atomicity: each tool runs through a service in its own statement or transaction, so a tool
// either ran or did not. The exchange is stored afterwards; if storing it fails, the tool's
// effect stays and the error surfaces as a 500 (the teacher sees the change on reload).
// Engine faults answer SPEC §8's error reply with HTTP 200 and are logged, not stored: the
// client retries the same message on /api/agent/test, which stores the exchange once.
import type { z } from 'zod';
import type { agentProcessInputSchema, agentReplySchema } from '@domain/schemas/chat';
import type { ServiceDeps } from '../deps';
import type { Actor } from '../plugins/auth';
import type { AgentEngine } from './agent-engine';
import type { ToolReply } from './agent-tool';
import { createAgentServices, createAgentTools, type ToolContext } from './agent-tools';
import { answerPendingAction } from './tools/delete-assignment';

type AgentInput = z.output<typeof agentProcessInputSchema>;
type AgentReply = z.output<typeof agentReplySchema>;

export const AGENT_ERROR_REPLY: ToolReply = {
  success: false,
  action_taken: 'error',
  response: "I'm sorry, I encountered an error processing your request. Please try again.",
  data: null,
};

/** The client may say which course page is open and the teacher's UTC offset in minutes. */
function readContext(context: AgentInput['context']) {
  const offset = context?.utc_offset_minutes;
  const courseId = context?.course_id;
  return {
    utcOffsetMinutes:
      typeof offset === 'number' && Number.isInteger(offset) && Math.abs(offset) <= 14 * 60
        ? offset
        : undefined,
    courseId: typeof courseId === 'string' ? courseId : undefined,
  };
}

export function createAgentService(deps: ServiceDeps) {
  const services = createAgentServices(deps);
  const clock = deps.clock ?? (() => new Date());

  return {
    async processMessage(
      actor: Actor,
      input: AgentInput,
      engine: AgentEngine,
    ): Promise<AgentReply> {
      const threadId = input.thread_id ?? null;
      // Another teacher's thread is a 404 before anything runs.
      const history = threadId ? await services.chat.listMessages(actor, threadId) : [];
      const { utcOffsetMinutes, courseId } = readContext(input.context);
      const ctx: ToolContext = {
        actor,
        services,
        threadId,
        now: clock(),
        ...(utcOffsetMinutes !== undefined && { utcOffsetMinutes }),
      };

      let result: ToolReply;
      try {
        const answered = threadId
          ? await answerPendingAction({ ...ctx, threadId }, input.message)
          : null;
        result =
          answered ??
          (await engine.respond({
            message: input.message,
            history: history.map(({ message, response }) => ({ message, response })),
            tools: createAgentTools(ctx),
            ...(courseId && { courseId }),
            now: ctx.now,
            ...(utcOffsetMinutes !== undefined && { utcOffsetMinutes }),
          }));
      } catch (error) {
        deps.log.error({ err: error, engine: engine.name, threadId }, 'Mylo agent failed');
        return AGENT_ERROR_REPLY;
      }

      if (!threadId) return result;
      const message = await services.chat.addExchange(actor, threadId, {
        message: input.message,
        response: result.response,
      });
      return { ...result, message };
    },
  };
}

export type AgentService = ReturnType<typeof createAgentService>;
