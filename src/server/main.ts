// Process entry: config, database, migrations, demo data, listen, and a graceful close.
// Everything else lives in buildApp so tests can run the same app without a port.
import { existsSync } from 'node:fs';
import { buildApp, prepareToListen } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DEMO_ACCOUNTS, demoOnNetworkProblem } from './auth/demo-accounts';
import { connectDatabase, pgliteDirFor } from './db/connect';
import { applyMigrations } from './db/migrate';
import { createStorage } from './storage/create-storage';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = readConfigOrExit();
  const database = await connectDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { pgliteDir: pgliteDirFor(config.dataDir) },
  );
  await applyMigrations(database);
  const demoProblem = await demoOnNetworkProblem(database.db, config);
  if (demoProblem) {
    console.error(demoProblem);
    await database.close();
    process.exit(1);
  }

  const storage = await createStorage(config);
  // A local disk belongs to this one instance: what a crash left half-written goes now. In S3,
  // shared by several instances, a starting one would cut into another's uploads in progress:
  // there the scheduled housekeeping job removes only what is older than any request can be.
  if (config.storage.driver === 'local') await storage.sweepIncomplete();

  const app = await buildApp({ config, database, storage });
  app.addHook('onClose', async () => database.close());
  installShutdown(app);
  let seeded = false;
  if (config.seedDemo) {
    // Loaded only to seed: its PDF generator (pdf-lib) is not part of a running server.
    const { seedDemoData } = await import('./demo/seed-demo-data');
    seeded = (await seedDemoData(app.serviceDeps, { demoPassword: config.demoPassword })).seeded;
  }
  // Before the first request: plans made with statistics from the last run (or none at all).
  await database.refreshStatistics();
  await prepareToListen(app, config);

  await app.listen({ port: config.port, host: config.host });
  printBanner(config, database.kind, seeded, app.server.address());
}

function readConfigOrExit(): Config {
  // A local .env file is optional; real environment variables win over it.
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) console.error(problem);
      process.exit(1);
    }
    throw error;
  }
}

function installShutdown(app: { close(): Promise<unknown>; log: { info(msg: string): void } }) {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests in flight, then closing`);
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

function printBanner(config: Config, dbKind: string, seeded: boolean, address: unknown) {
  const port =
    typeof address === 'object' && address && 'port' in address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  const lines = [
    '',
    `  Mylo Classroom is running at ${url}`,
    `  Database: ${dbKind === 'pglite' ? `embedded PGlite in ${pgliteDirFor(config.dataDir)}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  API docs: ${url}/api/docs`,
  ];
  if (config.seedDemo) {
    lines.push(
      `  Demo accounts${seeded ? ' (just created)' : ''}, password "${config.demoPassword}":`,
    );
    for (const account of DEMO_ACCOUNTS)
      lines.push(`    ${account.role.padEnd(8)} ${account.email}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
