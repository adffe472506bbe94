import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSchema } from '@domain/schemas/auth';
import { idParamsSchema } from '@domain/schemas/common';
import type { ServiceDeps } from '../deps';
import { actorOf } from '../plugins/auth';
import { errorResponses } from '../plugins/openapi';
import { createUserService } from './users.service';

export const userRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  const users = createUserService(deps);

  app.get(
    '/users/:id',
    {
      preHandler: app.requireActor,
      schema: {
        tags: ['users'],
        security: [{ bearerAuth: [] }],
        summary: 'A profile: your own, or a student of one of your courses (teachers)',
        params: idParamsSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => users.get(actorOf(request), request.params.id),
  );
};
