// buildApp wires plugins and feature routes into a Fastify instance without listening,
// so tests drive the same app through `inject` or a real port (STYLE.md, Fastify demo).
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { authRoutes } from './auth/auth.routes';
import { createTokenSigner } from './auth/tokens';
import type { Config } from './config';
import type { DatabaseHandle } from './db/connect';
import type { ServiceDeps } from './deps';
import type { FileStorage } from './files/storage';
import { featureRoutes } from './feature-routes';
import { healthRoutes } from './health/health.routes';
import { auth } from './plugins/auth';
import { errorHandler } from './plugins/error-handler';
import { openApi } from './plugins/openapi';
import { security } from './plugins/security';
import { webClient } from './plugins/web-client';
import { createVoiceNotifier, type VoiceNotifier } from './voice/voice.service';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  storage: FileStorage;
  /** Pino options; tests pass `false` to keep output quiet. */
  logger?: FastifyServerOptions['logger'];
  /** Built client to serve; defaults to dist/web. */
  webDir?: string;
  /** See ServiceDeps.clock. */
  clock?: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The voice notifier the services share; tests await its pushes with `flush()`. */
    voice: VoiceNotifier;
  }
}

const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../dist/web', import.meta.url));
/** JSON bodies are small; file uploads go through multipart with their own limit. */
const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp({
  config,
  database,
  storage,
  logger,
  webDir = DEFAULT_WEB_DIR,
  clock,
}: AppDeps) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const tokens = createTokenSigner(config.jwtSecret);
  const db = database.db;
  const deps: ServiceDeps = { db, storage, config, log: app.log, ...(clock && { clock }) };
  const voice = createVoiceNotifier(deps);
  deps.voice = voice;
  app.decorate('voice', voice);
  // Background knowledge-base pushes finish before the database closes.
  app.addHook('onClose', async () => {
    await voice.flush();
  });

  await app.register(errorHandler);
  await app.register(security, { voice: config.voice });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(auth, { tokens });
  await app.register(openApi);
  await app.register(webClient, { webDir });

  await app.register(healthRoutes, { database, config });
  await app.register(authRoutes, { prefix: '/api/auth', deps: { db, tokens }, config });
  await app.register(featureRoutes, { prefix: '/api', deps });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
