import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@domain/schemas/common';
import {
  autoGradeInputSchema,
  autoGradeResultSchema,
  gradeInputSchema,
  submissionSchema,
} from '@domain/schemas/submissions';
import { createGradingEngines } from '../ai/engines';
import type { ServiceDeps } from '../deps';
import { actorOf } from '../plugins/auth';
import { errorResponses } from '../plugins/openapi';
import { createGradingService } from './grading.service';

const security = [{ bearerAuth: [] }];
const autoGradeErrors = errorResponses(400, 401, 403, 404, 409, 422);

export const gradingRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  const grading = createGradingService(deps);
  const engines = createGradingEngines(deps.config.llm);

  app.post(
    '/submissions/:id/grade',
    {
      preHandler: app.requireActor,
      schema: {
        tags: ['grading'],
        security,
        summary: 'Save a grade and feedback (the course teacher)',
        params: idParamsSchema,
        body: gradeInputSchema,
        response: { 200: submissionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => grading.grade(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/agent/grade-submission',
    {
      preHandler: app.requireActor,
      schema: {
        tags: ['grading'],
        security,
        summary: 'Ask Mylo for a suggested grade with the configured engine (nothing is saved)',
        body: autoGradeInputSchema,
        response: { 200: autoGradeResultSchema, ...autoGradeErrors },
      },
    },
    async (request) => grading.autoGrade(actorOf(request), request.body, engines.configured),
  );

  app.post(
    '/agent/test/grade-submission',
    {
      preHandler: app.requireActor,
      schema: {
        tags: ['grading'],
        security,
        summary: 'Ask Mylo for a suggested grade with the offline engine (nothing is saved)',
        body: autoGradeInputSchema,
        response: { 200: autoGradeResultSchema, ...autoGradeErrors },
      },
    },
    async (request) => grading.autoGrade(actorOf(request), request.body, engines.offline),
  );
};
