// Every /agent/* route (SPEC §7, DESIGN §6): Mylo's chat, thread titles and grade suggestions.
// The plain routes use the configured engine; the /agent/test/* routes the offline one.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentProcessInputSchema,
  agentReplySchema,
  threadTitleInputSchema,
  threadTitleReplySchema,
} from '@domain/schemas/chat';
import { autoGradeInputSchema, autoGradeResultSchema } from '@domain/schemas/submissions';
import type { ServiceDeps } from '../deps';
import type { EngineId } from '../ai/engine-id';
import { createGradingService } from '../grading/grading.service';
import { actorOf } from '../plugins/auth';
import { errorResponses } from '../plugins/openapi';
import { createAgentService } from './agent.service';

const security = [{ bearerAuth: [] }];

/** The configured engine for the plain route, the offline one under /agent/test. */
const variants: { prefix: string; engine?: EngineId; label: string }[] = [
  { prefix: '/agent', label: 'the configured engine' },
  { prefix: '/agent/test', engine: 'offline', label: 'the offline engine' },
];

export const agentRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  const agent = createAgentService(deps);
  const grading = createGradingService(deps);
  const teacherOnly = app.requireRole('teacher');

  for (const { prefix, engine, label } of variants) {
    app.post(
      prefix === '/agent' ? '/agent/process' : prefix,
      {
        preHandler: teacherOnly,
        schema: {
          tags: ['agent'],
          security,
          summary: `Ask Mylo (${label}); stores the exchange on the thread`,
          body: agentProcessInputSchema,
          response: { 200: agentReplySchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => agent.processMessage(actorOf(request), request.body, engine),
    );

    app.post(
      `${prefix}/generate-thread-title`,
      {
        preHandler: teacherOnly,
        schema: {
          tags: ['agent'],
          security,
          summary: `A short title for a new thread (${label})`,
          body: threadTitleInputSchema,
          response: { 200: threadTitleReplySchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) =>
        agent.generateThreadTitle(actorOf(request), request.body.first_message, engine),
    );

    app.post(
      `${prefix}/grade-submission`,
      {
        preHandler: app.requireActor,
        schema: {
          tags: ['grading'],
          security,
          summary: `Ask Mylo for a suggested grade with ${label} (nothing is saved)`,
          body: autoGradeInputSchema,
          response: {
            200: autoGradeResultSchema,
            ...errorResponses(400, 401, 403, 404, 409, 422),
          },
        },
      },
      async (request) => grading.autoGrade(actorOf(request), request.body, engine),
    );
  }
};
