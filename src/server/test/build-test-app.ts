import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp, type App } from '../app';
import { loadConfig, type Config } from '../config';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: App;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh database and data dir; only the environment differs from production. */
export async function buildTestApp(
  options: { env?: Record<string, string>; config?: Partial<Config> } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mylo-test-'));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      ...options.env,
    }),
    ...options.config,
  };
  const database = await createTestDatabase();
  const app = await buildApp({
    config,
    database,
    logger: false,
    webDir: join(dataDir, 'no-web-client'),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
