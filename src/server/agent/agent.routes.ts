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
import { createOfflineAgent } from './offline/offline-agent';
import { generateThreadTitle } from './thread-title';

const tags = ['agent'];
const security = [{ bearerAuth: [] }];

/** Mylo, the teacher's chat agent (SPEC §7, DESIGN §6 and §9): teachers only. */
export const agentRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  const agent = createAgentService(deps);
  const offline = createOfflineAgent();
  // TODO(issue 6, LLM engine): when deps.config.llm.provider !== 'offline', use the AI SDK
  // tool-calling engine here (history, bounded steps, timeout); until then every provider
  // value runs the offline engine.
  const configured: AgentEngine = offline;
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

  const titleRoute = (url: string, summary: string) =>
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
      async (request) => generateThreadTitle(request.body.first_message),
    );
  titleRoute(
    '/agent/generate-thread-title',
    'A short title for a new thread (the configured engine)',
  );
  titleRoute('/agent/test/generate-thread-title', 'A short title for a new thread (offline)');
};
