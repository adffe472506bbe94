// Regrade requests (docs/decisions/028): the student asks, the course's teacher answers. Thin:
// the service decides who may do what.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@domain/schemas/common';
import {
  regradeAnswerInputSchema,
  regradeRequestInputSchema,
  regradeStatusSchema,
} from '@domain/schemas/regrades';
import type { ServiceDeps } from '../deps';
import { actorOf } from '../plugins/auth';
import { errorResponses } from '../plugins/openapi';
import { createRegradeService } from './regrades.service';

const tags = ['regrades'];
const security = [{ bearerAuth: [] }];

export const regradeRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  const regrades = createRegradeService(deps);

  app.get(
    '/submissions/:id/regrade-request',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: "A submission's regrade request, if any (its student, or the course teacher)",
        description:
          'The student sees the answer once the grade it concerns is released; `can_request` ' +
          'says whether they may ask now.',
        params: idParamsSchema,
        response: { 200: regradeStatusSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => regrades.status(actorOf(request), request.params.id),
  );

  app.post(
    '/submissions/:id/regrade-request',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: 'Ask for a regrade of a released grade, once per submission (its student)',
        description:
          '`criteria` names criteria of the assignment’s rubric. 409 when there is no grade ' +
          'to ask about yet, when the teacher has turned requests off, or when one was made.',
        params: idParamsSchema,
        body: regradeRequestInputSchema,
        response: { 201: regradeStatusSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await regrades.request(actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/submissions/:id/regrade-request/answer',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: 'Answer a regrade request with a note, changing or keeping the grade (teacher)',
        description:
          "With `outcome: 'changed'` the new `grade` (and optionally `rubric_scores`) is saved " +
          'as any grade is; the feedback stays. A request is answered once.',
        params: idParamsSchema,
        body: regradeAnswerInputSchema,
        response: { 200: regradeStatusSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => regrades.answer(actorOf(request), request.params.id, request.body),
  );
};
