import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentProcessInputSchema,
  agentReplySchema,
  threadTitleInputSchema,
  threadTitleReplySchema,
} from '@domain/schemas/chat';
import type { ServiceDeps } from '../deps';
import { actorOf } from '../plugins/auth';
import { errorResponses } from '../plugins/openapi';
import type { AgentEngine } from './agent-engine';
import { createAgentService } from './agent.service';
import { createLlmAgent } from './llm/llm-agent';
import { createLlmThreadTitler, type ThreadTitler } from './llm/llm-thread-title';
import { createOfflineAgent } from './offline/offline-agent';
import { generateThreadTitle } from './thread-title';

const tags = ['agent'];
const security = [{ bearerAuth: [] }];

/** Mylo, the teacher's chat agent (SPEC §7, DESIGN §6 and §9): teachers only. */
export const agentRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  const agent = createAgentService(deps);
  const offline = createOfflineAgent();
  const offlineTitle: ThreadTitler = async (message) => generateThreadTitle(message);
  // The model when LLM_PROVIDER names one; /api/agent/test and its title stay offline.
  const { llm } = deps.config;
  const configured: AgentEngine = llm.provider === 'offline' ? offline : createLlmAgent(llm);
  const configuredTitle: ThreadTitler =
    llm.provider === 'offline'
      ? offlineTitle
      : createLlmThreadTitler(llm, {
          onError: (error) => deps.log.warn({ err: error }, 'Thread title generation failed'),
        });
  const teacherOnly = app.requireRole('teacher');

  const processRoute = (url: string, engine: AgentEngine, summary: string) =>
    app.post(
      url,
      {
        preHandler: teacherOnly,
        schema: {
          tags,
          security,
          summary,
          body: agentProcessInputSchema,
          response: { 200: agentReplySchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => agent.processMessage(actorOf(request), request.body, engine),
    );
  processRoute(
    '/agent/process',
    configured,
    'Ask Mylo (the configured engine); stores the exchange on the thread',
  );
  processRoute(
    '/agent/test',
    offline,
    'Ask Mylo with the offline engine; stores the exchange on the thread',
  );

  const titleRoute = (url: string, titler: ThreadTitler, summary: string) =>
    app.post(
      url,
      {
        preHandler: teacherOnly,
        schema: {
          tags,
          security,
          summary,
          body: threadTitleInputSchema,
          response: { 200: threadTitleReplySchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => titler(request.body.first_message),
    );
  titleRoute(
    '/agent/generate-thread-title',
    configuredTitle,
    'A short title for a new thread (the configured engine)',
  );
  titleRoute(
    '/agent/test/generate-thread-title',
    offlineTitle,
    'A short title for a new thread (offline)',
  );
};
