import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const alias = {
  '@domain': fromRoot('./src/domain'),
  '@server': fromRoot('./src/server'),
  '@web': fromRoot('./src/web'),
};

// Server tests always run on embedded PGlite; with TEST_DATABASE_URL they run a second
// time against a real PostgreSQL server, so both drivers stay honest. `*.scale.test.ts` need
// the engines of several instances and run in their own project.
// Suites whose subject is not the database (reading English, reading PDFs, the grader's signals,
// limits counted in memory): they ask the same of either driver, so they run once, on PGlite.
// Everything that reads or writes data runs on both.
const SAME_ON_EVERY_DATABASE = [
  'src/server/test/agent-eval/**',
  'src/server/test/fixtures/grading-corpus/**',
  'src/server/ai/offline/**',
  'src/server/pdf/**',
  'src/server/limits/**',
  'src/server/memory/**',
  'src/server/files/pdf-signature.test.ts',
  'src/server/auth/sign-in-limits.test.ts',
  'src/server/auth/tokens.test.ts',
  'src/server/plugins/response-serializer.test.ts',
];

// A test file that mocks a module (vi.mock) needs a module graph of its own.
const NEEDS_ISOLATION = ['src/server/test/reliability/route-coverage.test.ts'];

const serverProject = (name: string, testDb: 'pglite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name,
    include: ['src/server/**/*.test.ts'],
    exclude: [
      'src/server/**/*.scale.test.ts',
      ...NEEDS_ISOLATION,
      ...(testDb === 'postgres' ? SAME_ON_EVERY_DATABASE : []),
    ],
    // The files of one worker share their modules: the app's module graph (Fastify, Drizzle,
    // pdf.js, the grader's language models) is loaded once per worker instead of once per file,
    // ≈ 1 s of CPU a file. Each file still builds its own app, database and storage, and no
    // module keeps state that belongs to one app (caches are per database or per app).
    isolate: false,
    env: { TEST_DB: testDb },
    ...(testDb === 'pglite' && { globalSetup: ['src/server/test/global-setup-pglite.ts'] }),
    setupFiles: ['src/server/test/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const isolatedServerProject = (name: string, testDb: 'pglite' | 'postgres') => {
  const project = serverProject(name, testDb);
  return {
    ...project,
    test: { ...project.test, include: NEEDS_ISOLATION, exclude: [], isolate: true },
  };
};

export default defineConfig({
  test: {
    // Vitest's default is one worker per core minus one: a single worker on a 2-core CI machine.
    // Most server test time is spent waiting on PostgreSQL, Redis, sockets and timers, so two
    // files at a time finish the suite in far less wall time without starving either core.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: { name: 'domain', include: ['src/domain/**/*.test.ts', 'src/web/**/*.test.ts'] },
      },
      serverProject('server (pglite)', 'pglite'),
      isolatedServerProject('server, isolated (pglite)', 'pglite'),
      ...(process.env.TEST_DATABASE_URL
        ? [
            serverProject('server (postgres)', 'postgres'),
            isolatedServerProject('server, isolated (postgres)', 'postgres'),
          ]
        : []),
      // Several instances on the engines a district runs (issue 16): PostgreSQL, Redis and an
      // S3-compatible server. Needs TEST_DATABASE_URL and TEST_REDIS_URL (.ci/run sets both).
      ...(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
        ? [
            {
              resolve: { alias },
              test: {
                name: 'scale (postgres + redis + s3)',
                include: ['src/server/**/*.scale.test.ts'],
                env: { TEST_DB: 'postgres' },
                setupFiles: ['src/server/test/fail-on-console-error.ts'],
                testTimeout: 120_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
