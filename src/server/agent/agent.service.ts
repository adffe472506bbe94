// One teacher message in, one reply out (SPEC §7 /api/agent/process).
//
// A refused or failed request changes nothing and leaves nothing pending (DESIGN §9, issue 20):
// - the message is validated (length, no NUL or other control characters) before anything runs;
// - with the offline engine, the thread's pending action, every tool's effect, the new pending
//   action and the stored exchange are one transaction: if storing the exchange fails, the
//   tools' changes are rolled back too. What must not happen before the commit (removing a
//   deleted submission's file, rebuilding the voice knowledge base) waits for it.
// - the LLM engine's model calls take up to 45 s, too long to hold a transaction (PGlite has
//   one connection). Its tools run in their own statements; the exchange is stored afterwards.
//   A confirmation ("yes") is still read and carried out with its exchange in one transaction.
// Engine faults answer SPEC §8's error reply with HTTP 200 and are logged, not stored: the
// client retries the same message on /api/agent/test, which stores the exchange once.
import type { z } from 'zod';
import type { agentProcessInputSchema, agentReplySchema } from '@domain/schemas/chat';
import type { ServiceDeps } from '../deps';
import type { EngineId } from '../ai/engine-id';
import { requireRole, type Actor } from '../policies/actor';
import type { JobQueue } from '../jobs/job-queue';
import type { FileStorage } from '../storage/file-storage';
import type { ToolReply } from './agent-tool';
import { createAgentServices, createAgentTools, type ToolContext } from './agent-tools';
import { answerPendingAction } from './pending-actions';

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

/**
 * Deps for work inside one transaction: the same services on the transaction, with the side
 * effects that must follow a commit (file removal, course-change notices, cancelling jobs)
 * queued until then. Nothing inside may use the database outside the transaction.
 */
function transactionalDeps(
  deps: ServiceDeps,
  db: ServiceDeps['db'],
  afterCommit: (() => Promise<void> | void)[],
): ServiceDeps {
  const { storage: files, jobs: queue } = deps;
  // Every other method goes straight to the real storage and queue (both are plain objects of
  // closures, so spreading them keeps their methods whole).
  const storage: FileStorage = {
    ...files,
    remove: async (key) => {
      afterCommit.push(() => files.remove(key));
    },
    removePrefix: async (prefix) => {
      afterCommit.push(() => files.removePrefix(prefix));
    },
  };
  // Jobs are rows: one enqueued here is enqueued in the transaction; cancelling waits for the
  // commit (PGlite has one connection: a statement outside the transaction would wait for it).
  const jobs: JobQueue = {
    ...queue,
    enqueue: (kind, payload, options) => queue.enqueue(kind, payload, { ...options, db }),
    cancel: async (filter) => {
      afterCommit.push(async () => {
        await queue.cancel(filter);
      });
      return 0;
    },
  };
  return {
    ...deps,
    db,
    storage,
    jobs,
    courseChanges: {
      courseChanged: (courseId) =>
        afterCommit.push(() => deps.courseChanges.courseChanged(courseId)),
    },
  };
}

async function runAfterCommit(deps: ServiceDeps, tasks: (() => Promise<void> | void)[]) {
  for (const task of tasks) {
    try {
      await task();
    } catch (error) {
      deps.log.warn({ err: error }, 'Mylo agent: work after the commit failed');
    }
  }
}

/** Thrown inside the transaction to roll it back when the engine faulted. */
class EngineFault extends Error {}

export function createAgentService(deps: ServiceDeps) {
  const services = createAgentServices(deps);

  return {
    /** One message to the engine named (the configured one by default), as the teacher. */
    async processMessage(
      actor: Actor,
      input: AgentInput,
      engineId?: EngineId,
    ): Promise<AgentReply> {
      requireRole(actor, 'teacher');
      const engine = deps.engines.agent.get(engineId);
      const threadId = input.thread_id ?? null;
      // Another teacher's thread is a 404 before anything runs.
      const history = threadId ? await services.chat.listMessages(actor, threadId) : [];
      const { utcOffsetMinutes, courseId } = readContext(input.context);
      const contextFor = (agentServices: ToolContext['services']): ToolContext => ({
        actor,
        services: agentServices,
        threadId,
        now: deps.clock(),
        ...(courseId && { courseId }),
        ...(utcOffsetMinutes !== undefined && { utcOffsetMinutes }),
      });

      /** The pending answer or the engine's reply, then the stored exchange, with `scope`'s services. */
      const turn = async (scope: ToolContext['services'], runEngine: boolean) => {
        const ctx = contextFor(scope);
        const tools = createAgentTools(ctx);
        let result: ToolReply | null = null;
        try {
          result = threadId
            ? await answerPendingAction({ ...ctx, threadId }, tools, input.message)
            : null;
          if (!result && runEngine) {
            result = await engine.respond({
              message: input.message,
              history: history.map(({ message, response }) => ({ message, response })),
              tools,
              ...(courseId && { courseId }),
              now: ctx.now,
              ...(utcOffsetMinutes !== undefined && { utcOffsetMinutes }),
            });
          }
        } catch (error) {
          deps.log.error({ err: error, engine: engine.name, threadId }, 'Mylo agent failed');
          throw new EngineFault();
        }
        if (!result) return null;
        const { pending, retry: _retry, ...reply } = result;
        if (!threadId) return reply;
        // Only the offline engine keeps a question open; a model's words are not a proposal.
        if (pending && engine.name === 'offline') {
          await scope.chat.setPendingAction(actor, threadId, pending);
        }
        const message = await scope.chat.addExchange(actor, threadId, {
          message: input.message,
          response: reply.response,
        });
        return { ...reply, message };
      };

      const afterCommit: (() => Promise<void> | void)[] = [];
      const inTransaction = (runEngine: boolean) =>
        deps.db.transaction((tx) =>
          turn(createAgentServices(transactionalDeps(deps, tx, afterCommit)), runEngine),
        );
      try {
        const answered = await inTransaction(engine.name === 'offline');
        await runAfterCommit(deps, afterCommit);
        if (answered) return answered;
        // The LLM engine, outside a transaction (see the header).
        const result = await turn(services, true);
        return result ?? AGENT_ERROR_REPLY;
      } catch (error) {
        if (error instanceof EngineFault) return AGENT_ERROR_REPLY;
        throw error;
      }
    },

    /** SPEC §4: a short title for a new thread from its first message. */
    async generateThreadTitle(actor: Actor, firstMessage: string, engineId?: EngineId) {
      requireRole(actor, 'teacher');
      return deps.engines.threadTitle.get(engineId)(firstMessage);
    },
  };
}

export type AgentService = ReturnType<typeof createAgentService>;
