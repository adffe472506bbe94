// Every feature's routes under /api, in one list: adding a feature means adding a line here.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from './deps';

export const featureRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  _app,
  _opts,
) => {};
