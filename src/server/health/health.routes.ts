import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@domain/schemas/health';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/connect';
import { describeModel } from '../ai/model-names';
import type { DependencyReport } from './dependency-checks';

export interface HealthRoutesOptions {
  database: Pick<DatabaseHandle, 'ping'>;
  dependencies: () => Promise<DependencyReport>;
  config: Pick<Config, 'llm' | 'voice'>;
}

/**
 * GET /health: public, for load balancers and the Mylo status header. 503 only when this
 * instance cannot serve (its database or its storage is down); a Redis outage is reported
 * but answers 200, because every instance shares Redis and the limits fail open without it:
 * taking them all out of the pool would turn a degraded service into none.
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (
  app,
  { database, dependencies, config },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Service health and each dependency',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const [dbUp, report] = await Promise.all([database.ping(), dependencies()]);
      const serving = dbUp && report.storage === 'ok';
      const voiceConfigured = Boolean(config.voice.apiKey && config.voice.agentId);
      return reply.status(serving ? 200 : 503).send({
        status: serving ? 'ok' : 'degraded',
        db: dbUp ? 'ok' : 'down',
        storage: report.storage,
        redis: report.redis,
        jobs:
          dbUp && report.jobs
            ? {
                due: report.jobs.due,
                running: report.jobs.running,
                oldest_due_seconds: report.jobs.oldestDueSeconds,
                failed_last_hour: report.jobs.failedLastHour,
              }
            : null,
        llm: describeModel(config.llm),
        voice: voiceConfigured ? 'configured' : 'not configured',
      });
    },
  );
};
