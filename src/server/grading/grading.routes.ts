// Saving a grade, Mylo's stored suggestions, class auto-grading and agreement. Asking Mylo for
// one suggestion inside the request is SPEC's /agent/grade-submission (agent.routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@domain/schemas/common';
import {
  agreementSchema,
  autoGradingSchema,
  startAutoGradingInputSchema,
  submissionSuggestionSchema,
} from '@domain/schemas/grading';
import { gradeInputSchema, submissionSchema } from '@domain/schemas/submissions';
import type { ServiceDeps } from '../deps';
import { actorOf } from '../plugins/auth';
import { errorResponses } from '../plugins/openapi';
import { createClassGradingService } from './class-grading.service';
import { createGradingService } from './grading.service';

const tags = ['grading'];
const security = [{ bearerAuth: [] }];

export const gradingRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  const grading = createGradingService(deps);
  const classGrading = createClassGradingService(deps);

  app.post(
    '/submissions/:id/grade',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: 'Save a grade and feedback (the course teacher)',
        description:
          'With `rubric_scores` the grade must be their sum; with `suggestion_id` the grade ' +
          'records the Mylo suggestion it started from.',
        params: idParamsSchema,
        body: gradeInputSchema,
        response: { 200: submissionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => grading.grade(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/submissions/:id/suggestion',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: "Mylo's current suggestion for a submission, or a stale one (the course teacher)",
        params: idParamsSchema,
        response: { 200: submissionSuggestionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => grading.getSuggestion(actorOf(request), request.params.id),
  );

  app.post(
    '/suggestions/:id/dismiss',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: "'Clear Auto-Grade': hide a suggestion (kept in history)",
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await grading.dismissSuggestion(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/assignments/:id/auto-grading',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: "Progress of Mylo's grading of an assignment, per submission",
        params: idParamsSchema,
        response: { 200: autoGradingSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => classGrading.status(actorOf(request), request.params.id),
  );

  app.post(
    '/assignments/:id/auto-grading',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary:
          "'Grade all with Mylo': a background job per ungraded submission without a suggestion",
        params: idParamsSchema,
        body: startAutoGradingInputSchema,
        response: { 202: autoGradingSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(
        await classGrading.start(actorOf(request), request.params.id, {
          engine: request.body?.engine,
        }),
      ),
  );

  app.delete(
    '/assignments/:id/auto-grading',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: "Cancel Mylo's queued and running grading of an assignment",
        params: idParamsSchema,
        response: { 200: autoGradingSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => classGrading.cancel(actorOf(request), request.params.id),
  );

  app.get(
    '/assignments/:id/agreement',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: "How closely Mylo's suggestions matched the teacher's grades",
        params: idParamsSchema,
        response: { 200: agreementSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => classGrading.agreement(actorOf(request), request.params.id),
  );
};
