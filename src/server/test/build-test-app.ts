import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp, type App } from '../app';
import { loadConfig, type Config } from '../config';
import { createLocalStorage, type FileStorage } from '../files/storage';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: App;
  database: TestDatabase;
  storage: FileStorage;
  config: Config;
  /** SQL statements run since the last reset (tests that bound query counts use it). */
  queries: string[];
  close(): Promise<void>;
}

/** The real app on a fresh database and data dir; only the environment differs from production. */
export async function buildTestApp(
  options: { env?: Record<string, string>; config?: Partial<Config>; clock?: () => Date } = {},
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
  const queries: string[] = [];
  const database = await createTestDatabase({ onQuery: (query) => queries.push(query) });
  const storage = createLocalStorage(config.storageDir);
  const app = await buildApp({
    config,
    database,
    storage,
    logger: false,
    webDir: join(dataDir, 'no-web-client'),
    ...(options.clock && { clock: options.clock }),
  });
  await app.ready();
  return {
    app,
    database,
    storage,
    config,
    queries,
    close: async () => {
      await app.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
