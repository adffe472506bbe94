import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '@domain/schemas/dashboard';
import type { ServiceDeps } from '../deps';
import { actorOf } from '../plugins/auth';
import { errorResponses } from '../plugins/openapi';
import { createDashboardService } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  const dashboard = createDashboardService(deps);

  app.get(
    '/dashboard',
    {
      preHandler: app.requireActor,
      schema: {
        tags: ['dashboard'],
        security: [{ bearerAuth: [] }],
        summary: "Everything the signed-in user's dashboard shows, in one response",
        response: { 200: dashboardSchema, ...errorResponses(401) },
      },
    },
    async (request) => dashboard.get(actorOf(request)),
  );
};
