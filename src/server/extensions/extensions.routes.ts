// Extensions: the course's teacher grants, changes and removes one student's due date (029).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, listOf } from '@domain/schemas/common';
import {
  extensionInputSchema,
  extensionParamsSchema,
  extensionSchema,
} from '@domain/schemas/extensions';
import type { ServiceDeps } from '../deps';
import { actorOf } from '../plugins/auth';
import { errorResponses } from '../plugins/openapi';
import { createExtensionService } from './extensions.service';

const tags = ['extensions'];
const security = [{ bearerAuth: [] }];

export const extensionRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  const extensions = createExtensionService(deps);

  app.get(
    '/assignments/:id/extensions',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: "An assignment's extensions (the course teacher)",
        params: idParamsSchema,
        response: { 200: listOf(extensionSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      items: await extensions.list(actorOf(request), request.params.id),
    }),
  );

  app.put(
    '/assignments/:id/extensions/:studentId',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: "Grant or change one student's extended due date (the course teacher)",
        params: extensionParamsSchema,
        body: extensionInputSchema,
        response: { 200: extensionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      extensions.grant(actorOf(request), request.params.id, request.params.studentId, request.body),
  );

  app.delete(
    '/assignments/:id/extensions/:studentId',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: "Remove a student's extension (the course teacher)",
        params: extensionParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await extensions.remove(actorOf(request), request.params.id, request.params.studentId);
      return reply.status(204).send(null);
    },
  );
};
