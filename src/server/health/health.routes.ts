import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@domain/schemas/health';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/connect';
import { describeModel } from '../ai/provider';

export interface HealthRoutesOptions {
  database: Pick<DatabaseHandle, 'ping'>;
  config: Pick<Config, 'llm' | 'voice'>;
}

/** GET /health: public liveness for load balancers and the Mylo status header. */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (
  app,
  { database, config },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Service health',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const dbUp = await database.ping();
      const voiceConfigured = Boolean(config.voice.apiKey && config.voice.agentId);
      return reply.status(dbUp ? 200 : 503).send({
        status: dbUp ? 'ok' : 'degraded',
        db: dbUp ? 'ok' : 'down',
        llm: describeModel(config.llm),
        voice: voiceConfigured ? 'configured' : 'not configured',
      });
    },
  );
};
