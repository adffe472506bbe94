// The server under test, alone in its own process so that its RSS is measured without the
// load generator's. Started by harness.ts with `node --import tsx bench/server-child.ts`;
// seeds the bench fixtures (unless BENCH_SKIP_SEED), listens on an ephemeral port and reports it over IPC.
import { Session } from 'node:inspector/promises';
import { sql } from 'drizzle-orm';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import v8 from 'node:v8';
import { buildApp, prepareToListen } from '@server/app';
import { loadConfig } from '@server/config';
import { connectDatabase, pgliteDirFor } from '@server/db/connect';
import { applyMigrations } from '@server/db/migrate';
import { createStorage } from '@server/storage/create-storage';
import { seedBench } from './seed';

// CPU profiles of a chosen window (bench/profile.ts): start after seeding, stop after the load.
const inspector = new Session();
async function startCpuProfile() {
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
  await inspector.post('Profiler.start');
}
async function stopCpuProfile() {
  const { profile } = await inspector.post('Profiler.stop');
  inspector.disconnect();
  return profile;
}

// Storage and Redis settings pass through, so a run can put instances on S3 and share limits.
const engineSettings = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => /^(STORAGE_DRIVER|S3_|REDIS_)/.test(name)),
);

async function main() {
  const config = loadConfig({
    ...engineSettings,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: process.env.BENCH_DATA_DIR,
    STORAGE_DIR: process.env.BENCH_STORAGE_DIR,
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SEED_DEMO: 'false',
    SIGN_IN_MAX_ATTEMPTS: '100000',
    // The bench measures capacity: one account drives thousands of requests a minute. The
    // ceiling's hook still runs on every request, so its cost is in the figures.
    API_REQUESTS_PER_MINUTE: '1000000',
    // As `npm start` logs: one line per request at info (plugins/request-log.ts), to stdout,
    // which the bench discards (harness.ts) without skipping the work of writing it.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    // As `npm start` runs unless told otherwise; rush-ab.ts compares values (decision 054).
    HELPER_THREAD_NICE: process.env.HELPER_THREAD_NICE,
  });
  const database = await connectDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { pgliteDir: pgliteDirFor(config.dataDir) },
  );
  await applyMigrations(database);
  // A second instance on the same database serves the fixture the first one seeded.
  const fixture = process.env.BENCH_SKIP_SEED ? null : await seedBench(database.db);
  // As main.ts does at start-up, after its own seeding (PGlite: VACUUM (ANALYZE)).
  await database.refreshStatistics();
  // PostgreSQL's autovacuum would reach the freshly loaded tables within a minute or two; the
  // bench measures right after its bulk load, so it does what PostgreSQL's documentation
  // advises after one ("Populating a Database": run ANALYZE). Without it the planner sees
  // empty tables and the dashboard took 3x longer.
  if (database.kind === 'postgres' && fixture) await database.db.execute(sql`vacuum (analyze)`);
  const storage = await createStorage(config);
  const app = await buildApp({
    config,
    database,
    storage,
    ...(process.env.BENCH_WEB_DIR && { webDir: process.env.BENCH_WEB_DIR }),
  });
  app.addHook('onClose', async () => database.close());
  await prepareToListen(app, config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ type: 'ready', port, fixture, storageDir: config.storageDir });
  let eventLoop: IntervalHistogram | undefined;
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'close') void app.close().then(() => process.exit(0));
    // Started with --expose-gc: the bench collects garbage before it takes an idle RSS figure.
    if (message.type === 'cpu-profile-start') void startCpuProfile();
    if (message.type === 'cpu-profile-stop') {
      void stopCpuProfile().then((profile) => process.send?.({ type: 'cpu-profile', profile }));
    }
    // How long the event loop was held up, sampled every 5 ms, over a window the bench picks.
    if (message.type === 'event-loop-start') {
      eventLoop = monitorEventLoopDelay({ resolution: 5 });
      eventLoop.enable();
    }
    if (message.type === 'event-loop-stop' && eventLoop) {
      eventLoop.disable();
      const ms = (ns: number) => ns / 1e6;
      process.send?.({
        type: 'event-loop',
        delay: {
          p50: ms(eventLoop.percentile(50)),
          p99: ms(eventLoop.percentile(99)),
          max: ms(eventLoop.max),
        },
      });
      eventLoop = undefined;
    }
    if (message.type === 'memory') {
      process.send?.({
        type: 'memory',
        usage: process.memoryUsage(),
        heap: v8.getHeapSpaceStatistics(),
        code: v8.getHeapCodeStatistics(),
      });
    }
    if (message.type === 'gc') {
      (globalThis as { gc?: () => void }).gc?.();
      process.send?.({ type: 'gc-done' });
    }
  });
  process.on('disconnect', () => void app.close().then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error('bench server failed to start:', error);
  process.exit(1);
});
