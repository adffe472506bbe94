import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp, type App } from '../app';
import type { CpuTasks } from '../cpu-tasks';
import { loadConfig, type Config } from '../config';
import { createStorage } from '../storage/create-storage';
import type { FileStorage } from '../storage/file-storage';
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

const JOB_QUEUE_STATEMENT = /(from|update|into) "jobs"/;

/** The real app on a fresh database and data dir; only the environment differs from production. */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    config?: Partial<Config>;
    clock?: () => Date;
    cpu?: CpuTasks;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mylo-test-'));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      // Test files upload and sign up far more than one student or address would; the limits
      // themselves are tested with their own settings (files/upload-limits.test.ts, auth/).
      UPLOAD_MAX_PER_HOUR: '100000',
      UPLOAD_MAX_UNSUBMITTED: '10000',
      SIGN_UP_MAX_PER_HOUR: '100000',
      API_REQUESTS_PER_MINUTE: '1000000',
      ...options.env,
    }),
    ...options.config,
  };
  const queries: string[] = [];
  // The job worker's own statements (polling, leases) belong to no request being measured.
  const database = await createTestDatabase({
    onQuery: (query) => {
      if (!JOB_QUEUE_STATEMENT.test(query)) queries.push(query);
    },
  });
  const storage = await createStorage(config);
  const app = await buildApp({
    config,
    database,
    storage,
    logger: false,
    webDir: join(dataDir, 'no-web-client'),
    // Quick polls and retries, so tests that wait on background work wait little.
    jobs: { pollMs: 100, leaseMs: 3000, backoffMs: () => 20, stopGraceMs: 2000 },
    ...(options.clock && { clock: options.clock }),
    ...(options.cpu && { cpu: options.cpu }),
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
