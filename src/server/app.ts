// buildApp wires plugins and feature routes into a Fastify instance without listening,
// so tests drive the same app through `inject` or a real port (STYLE.md, Fastify demo).
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { pino } from 'pino';
import cookie from '@fastify/cookie';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { authRoutes } from './auth/auth.routes';
import { createSessionCheck } from './auth/session-check';
import { createTokenSigner } from './auth/tokens';
import type { Config } from './config';
import type { DatabaseHandle } from './db/connect';
import type { ServiceDeps } from './deps';
import { createEngineRegistry } from './engines';
import { featureRoutes } from './feature-routes';
import { registerGradingJobs } from './grading/class-grading.service';
import { healthRoutes } from './health/health.routes';
import { auth } from './plugins/auth';
import { errorHandler } from './plugins/error-handler';
import { openApi } from './plugins/openapi';
import { compileResponseSerializers, serializerCompiler } from './plugins/response-serializer';
import { security } from './plugins/security';
import { webClient } from './plugins/web-client';
import { createDependencyChecks } from './health/dependency-checks';
import { registerHousekeeping, scheduleHousekeeping } from './housekeeping/housekeeping';
import { createAbuseLimits } from './limits/abuse-limits';
import { DATABASE_ADMISSION, databaseAdmission } from './limits/database-admission';
import { HEAVY_REQUESTS, heavyRequests } from './limits/heavy-requests';
import { requestCeiling } from './limits/request-ceiling';
import { OneLinePerRequest } from './plugins/request-log';
import { createMemoryCounterStore } from './limits/counter-store';
import { connectRedis, createRedisCounterStore } from './limits/redis-counter-store';
import type { JobQueue } from './jobs/job-queue';
import { createPostgresJobQueue, type PostgresJobQueueOptions } from './jobs/postgres-job-queue';
import { createCpuTasks, type CpuTasks } from './cpu-tasks';
import { giveBackWhenQuiet } from './memory/give-back-when-quiet';
import { loadMallocTrim } from './memory/malloc-trim';
import type { FileStorage } from './storage/file-storage';
import { registerVoiceJobs, voiceCourseChanges } from './voice/voice.service';
import { lowerHelperThreads } from './workers/thread-priority';

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
  /** The CPU worker pool's tasks (PDF text, offline grading); created for the app unless given. */
  cpu?: CpuTasks;
  /** Tuning for the job queue's worker (tests shorten its poll, lease and backoff). */
  jobs?: Partial<Pick<PostgresJobQueueOptions, 'pollMs' | 'leaseMs' | 'backoffMs' | 'stopGraceMs'>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue the services share; tests await its work with `drain()`. */
    jobs: JobQueue;
    /** What the services of this app are built from (tests build services from it too). */
    serviceDeps: ServiceDeps;
  }
}

const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../dist/web', import.meta.url));
/** JSON bodies are small; file uploads go through multipart with their own limit. */
const JSON_BODY_LIMIT = 1024 * 1024;
const HEADERS_TIMEOUT_MS = 20_000;
const CHECK_INTERVAL_MS = 5_000;

export async function buildApp({
  config,
  database,
  storage,
  logger,
  webDir = DEFAULT_WEB_DIR,
  clock = () => new Date(),
  cpu: givenCpu,
  jobs: jobOptions,
}: AppDeps) {
  const { requestMs, connectionMs } = config.timeouts;
  const logLines = logger === undefined ? bufferedStdout() : undefined;
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, stream: logLines },
    // Our own id for every request: a client-supplied X-Request-Id could forge or collide with
    // another request's log lines.
    genReqId: () => randomUUID(),
    // One line per request instead of Fastify's two (plugins/request-log.ts).
    logController: new OneLinePerRequest(),
    bodyLimit: JSON_BODY_LIMIT,
    // Which proxies may tell us the client's address and protocol (TRUST_PROXY).
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Slow clients: the whole request must arrive within requestMs (else 408 and the connection
    // closes), its headers sooner; a connection silent for connectionMs is closed.
    requestTimeout: requestMs,
    connectionTimeout: connectionMs,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestMs),
      // How often Node checks those deadlines (its default, 30 s, would let a short one slip).
      connectionsCheckingInterval: Math.min(CHECK_INTERVAL_MS, Math.ceil(requestMs / 4)),
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Freed memory goes back to the system once requests stop (decision 046).
  const memory = giveBackWhenQuiet({ trim: await loadMallocTrim(app.log), log: app.log });
  app.addHook('onRequest', (_request, _reply, done) => {
    memory.activity();
    done();
  });
  const cpu =
    givenCpu ??
    createCpuTasks({
      maxThreads: config.cpuWorkers,
      onThreadEnded: memory.activity,
      threadNice: config.helperThreadNice,
    });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const tokens = createTokenSigner(config.jwtSecret);
  const db = database.db;
  const jobs = createPostgresJobQueue({
    db,
    log: app.log,
    concurrency: config.jobConcurrency,
    ...jobOptions,
  });
  // Shared by every instance through Redis when REDIS_URL is set; else in this process.
  const redis = config.redisUrl
    ? await connectRedis(config.redisUrl, config.redisKeyPrefix, app.log)
    : null;
  const limits = createAbuseLimits(
    config.limits,
    redis
      ? createRedisCounterStore(redis, app.log)
      : createMemoryCounterStore({ now: () => clock().getTime() }),
  );
  const deps: ServiceDeps = {
    db,
    storage,
    config,
    log: app.log,
    clock,
    extractPdfText: cpu.extractPdfText,
    prepareTextExtraction: () => {
      cpu.prepareTextExtraction((error) =>
        app.log.warn(
          { err: error },
          'a PDF worker could not be got ready; the next reading starts one',
        ),
      );
    },
    engines: await createEngineRegistry(
      config,
      app.log,
      cpu.offlineGrader,
      cpu.detectInstructionsToGrader,
    ),
    jobs,
    courseChanges: voiceCourseChanges(jobs, config, app.log),
    limits,
  };
  registerVoiceJobs(jobs, deps);
  registerGradingJobs(jobs, deps);
  registerHousekeeping(jobs, deps, { refreshStatistics: database.refreshStatistics });
  app.decorate('jobs', jobs);
  app.decorate('serviceDeps', deps);
  // Workers start once the app is ready and stop before the database closes.
  app.addHook('onReady', async () => {
    jobs.start();
    await scheduleHousekeeping(jobs).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not schedule housekeeping; the next start will');
    });
  });
  app.addHook('onClose', async () => {
    flushLogLines(logLines);
    await jobs.stop();
    await cpu.close();
    memory.close();
    redis?.disconnect();
  });

  await app.register(errorHandler);
  await app.register(security, { voice: config.voice });
  await app.register(cookie);
  const sessions = createSessionCheck(db);
  await app.register(auth, {
    readToken: async (token) => {
      const claims = await tokens.verifyAccessToken(token);
      // Signed out, or the session was revoked (a reused refresh token): the token is dead too.
      if (!claims || !(await sessions.isActive(claims.userId, claims.sessionId))) return null;
      return { id: claims.userId, role: claims.role };
    },
  });
  await app.register(requestCeiling, { perMinute: config.limits.requestsPerMinute, redis });
  if (database.kind === 'pglite') await app.register(databaseAdmission, DATABASE_ADMISSION);
  await app.register(heavyRequests, HEAVY_REQUESTS);
  await app.register(openApi);
  await app.register(webClient, { webDir });

  await app.register(healthRoutes, {
    database,
    dependencies: createDependencyChecks({ storage, redis, jobs }),
    config,
  });
  await app.register(authRoutes, {
    prefix: '/api/auth',
    deps: { db, tokens, limits, config, sessionEnded: sessions.ended },
    config,
  });
  await app.register(featureRoutes, { prefix: '/api', deps });

  return app;
}

/**
 * Log lines go to stdout in writes of about 4 kB instead of one write per line: under load a
 * system call per request was a measurable share of the server's time (issue 15). pino writes
 * what is buffered when the process exits, and the app flushes it when it closes.
 */
function bufferedStdout() {
  return pino.destination({ dest: 1, minLength: 4096, sync: false });
}

function flushLogLines(lines: ReturnType<typeof bufferedStdout> | undefined) {
  try {
    lines?.flushSync();
  } catch {
    // Nothing was ever written (the stream never opened): nothing to lose.
  }
}

/** TRUST_PROXY=N: believe the N proxies nearest to us. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * What a server does after building its app and before it listens (main.ts, and the bench's
 * server, which must start as `npm start` does): the work no first request should wait for.
 */
export async function prepareToListen(app: App, config: Config): Promise<void> {
  await app.ready();
  // Every answer's serializer before the first request, not during one (decision 033).
  compileResponseSerializers();
  // The event loop first: libuv's and V8's threads below it (decision 054).
  await lowerHelperThreads(config.helperThreadNice);
}
