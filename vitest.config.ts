import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const alias = {
  '@domain': fromRoot('./src/domain'),
  '@server': fromRoot('./src/server'),
  '@web': fromRoot('./src/web'),
};

// Server tests always run on embedded PGlite; with TEST_DATABASE_URL they run a second
// time against a real PostgreSQL server, so both drivers stay honest.
const serverProject = (name: string, testDb: 'pglite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name,
    include: ['src/server/**/*.test.ts'],
    env: { TEST_DB: testDb },
    setupFiles: ['src/server/test/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'domain', include: ['src/domain/**/*.test.ts', 'src/web/**/*.test.ts'] },
      },
      serverProject('server (pglite)', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server (postgres)', 'postgres')] : []),
    ],
  },
});
