// Submitting and reading submissions. Grading lives with the grader's routes.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, listOf } from '@domain/schemas/common';
import {
  submissionListItemSchema,
  submissionSchema,
  submitInputSchema,
} from '@domain/schemas/submissions';
import type { ServiceDeps } from '../deps';
import { actorOf } from '../plugins/auth';
import { errorResponses } from '../plugins/openapi';
import { submissionVersionRoutes } from './submission-versions.routes';
import { createSubmissionService } from './submissions.service';

export const submissionRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  const service = createSubmissionService(deps);
  const tags = ['submissions'];
  const security = [{ bearerAuth: [] }];

  // When each hand-in arrived whole, taken before it waits for its turn (heavy-requests.ts) or
  // for its PDF's text: that is the time it was handed in (decision 043). Taken once its body
  // has been read, not at its headers: a client that sent the headers before the deadline and
  // the body after it (naming a file uploaded meanwhile) hands in when the body arrives.
  const arrivedAt = new WeakMap<FastifyRequest, Date>();

  app.put(
    '/assignments/:id/submissions/me',
    {
      preValidation: async (request) => {
        arrivedAt.set(request, deps.clock());
      },
      preHandler: app.requireRole('student'),
      config: { heavy: 'ahead' },
      schema: {
        tags,
        security,
        summary: 'Submit, or resubmit, an uploaded PDF for an assignment',
        params: idParamsSchema,
        body: submitInputSchema,
        response: {
          200: submissionSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422, 503),
        },
      },
    },
    async (request) =>
      service.submit(actorOf(request), request.params.id, request.body, arrivedAt.get(request)),
  );

  app.get(
    '/assignments/:id/submissions/me',
    {
      preHandler: app.requireRole('student'),
      schema: {
        tags,
        security,
        summary: "The caller's own submission for an assignment",
        params: idParamsSchema,
        response: { 200: submissionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.getMine(actorOf(request), request.params.id),
  );

  app.get(
    '/me/submissions',
    {
      preHandler: app.requireRole('student'),
      schema: {
        tags,
        security,
        summary: "The caller's own submissions, newest first",
        response: { 200: listOf(submissionListItemSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ items: await service.listMine(actorOf(request)) }),
  );

  app.get(
    '/assignments/:id/submissions',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: "An assignment's submissions, newest first (the course's teacher)",
        params: idParamsSchema,
        response: { 200: listOf(submissionListItemSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      items: await service.listForAssignment(actorOf(request), request.params.id),
    }),
  );

  app.get(
    '/submissions/:id',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: 'One submission (its student, or the course teacher)',
        params: idParamsSchema,
        response: { 200: submissionSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.get(actorOf(request), request.params.id),
  );

  await app.register(submissionVersionRoutes, { deps });
};
