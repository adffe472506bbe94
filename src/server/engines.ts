// Mylo's engines, built once at start-up into one registry (DESIGN §15): grading, the chat
// agent and thread titles, each keyed by a stable id. 'offline' always exists (the /test
// endpoints use it); 'llm' exists when LLM_PROVIDER names a provider, and is then the
// configured one. Services reach engines through deps; no route builds one.
import type { FastifyBaseLogger } from 'fastify';
import type { AgentEngine } from './agent/agent-engine';
import type { ThreadTitler } from './agent/llm/llm-thread-title';
import type { EngineId } from './ai/engine-id';
import type { GradingEngine } from './ai/grading-engine';
import type { Config } from './config';

export type { EngineId };

export interface EngineSet<E> {
  /** The engine LLM_PROVIDER selects. */
  readonly configuredId: EngineId;
  /** The engine with that id (the configured one when omitted); throws for one not built. */
  get(id?: EngineId): E;
}

export interface EngineRegistry {
  grading: EngineSet<GradingEngine>;
  agent: EngineSet<AgentEngine>;
  threadTitle: EngineSet<ThreadTitler>;
}

function engineSet<E>(offline: E, llm: E | null): EngineSet<E> {
  const configuredId: EngineId = llm ? 'llm' : 'offline';
  return {
    configuredId,
    get(id = configuredId) {
      if (id === 'offline') return offline;
      if (!llm) throw new Error(`The ${id} engine is not configured (LLM_PROVIDER=offline).`);
      return llm;
    },
  };
}

/** Loads a module once, on first use: a process pays the memory of what it uses. */
function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

/**
 * The offline agent and thread titles read English with compromise (some 40 MB): loaded when
 * a teacher first writes to Mylo, not at start-up. The LLM engines (the AI SDK) are loaded
 * only when LLM_PROVIDER names a provider.
 */
export async function createEngineRegistry(
  config: Pick<Config, 'llm'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
  /** The offline grader (the server's runs in the CPU worker pool). */
  offlineGrader: GradingEngine,
  /** The detector the model-backed grader runs on each submission (the server's: in the pool). */
  detectInstructions?: (text: string) => Promise<string[]>,
): Promise<EngineRegistry> {
  const { llm } = config;
  const offlineAgent = onFirstUse(async () =>
    (await import('./agent/offline/offline-agent')).createOfflineAgent(),
  );
  const titles = onFirstUse(() => import('./agent/thread-title'));
  const offline = {
    agent: { name: 'offline', respond: async (request) => (await offlineAgent()).respond(request) },
    titler: async (message) => (await titles()).generateThreadTitle(message),
  } satisfies { agent: AgentEngine; titler: ThreadTitler };
  if (llm.provider === 'offline') {
    return {
      grading: engineSet(offlineGrader, null),
      agent: engineSet(offline.agent, null),
      threadTitle: engineSet(offline.titler, null),
    };
  }
  const [{ createLlmGrader }, { createLlmAgent }, { createLlmThreadTitler }] = await Promise.all([
    import('./ai/llm/llm-grader'),
    import('./agent/llm/llm-agent'),
    import('./agent/llm/llm-thread-title'),
  ]);
  return {
    grading: engineSet(offlineGrader, createLlmGrader(llm, { detectInstructions })),
    agent: engineSet(offline.agent, createLlmAgent(llm)),
    threadTitle: engineSet(
      offline.titler,
      createLlmThreadTitler(llm, {
        onError: (error) => log.warn({ err: error }, 'Thread title generation failed'),
      }),
    ),
  };
}
