// The server under test, alone in its own process so that its RSS is measured without the
// load generator's. Started by harness.ts with `node --import tsx bench/server-child.ts`;
// seeds the bench fixtures, listens on an ephemeral port and reports it over IPC.
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { connectDatabase, pgliteDirFor } from '@server/db/connect';
import { applyMigrations } from '@server/db/migrate';
import { createLocalStorage } from '@server/files/storage';
import { seedBench } from './seed';

async function main() {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: process.env.BENCH_DATA_DIR,
    STORAGE_DIR: process.env.BENCH_STORAGE_DIR,
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SEED_DEMO: 'false',
    SIGN_IN_MAX_ATTEMPTS: '100000',
    LOG_LEVEL: 'silent',
  });
  const database = await connectDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { pgliteDir: pgliteDirFor(config.dataDir) },
  );
  await applyMigrations(database);
  const fixture = await seedBench(database.db);
  const storage = createLocalStorage(config.storageDir);
  const app = await buildApp({
    config,
    database,
    storage,
    logger: false,
    ...(process.env.BENCH_WEB_DIR && { webDir: process.env.BENCH_WEB_DIR }),
  });
  app.addHook('onClose', async () => database.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ type: 'ready', port, fixture, storageDir: config.storageDir });
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'close') void app.close().then(() => process.exit(0));
    // Started with --expose-gc: the bench collects garbage before it takes an idle RSS figure.
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
