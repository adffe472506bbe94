// `npm run build`: the web client (Vite, with precompressed copies) into dist/web and the server
// (esbuild, one ES module per entry, npm packages left as imports) into dist/server, so that
// `npm start` runs plain JavaScript with no transpiler (docs/decisions/024).
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What the server runs: the process, its worker threads and the admin command. */
export const SERVER_ENTRIES = {
  main: 'src/server/main.ts',
  'cpu-tasks.worker': 'src/server/cpu-tasks.worker.ts',
  'create-teacher': 'src/server/create-teacher.ts',
};

/**
 * Compiles server entries into `outdir` (default dist/server) with their migrations beside
 * them: code finds the worker and the migrations next to itself (import.meta.url).
 */
export async function buildServer({
  outdir = `${root}dist/server`,
  entries = SERVER_ENTRIES,
} = {}) {
  const { build } = await import('esbuild');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(
      Object.entries(entries).map(([name, path]) => [name, `${root}${path}`]),
    ),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    // Lazily imported modules stay chunks of their own, with their packages: bundled into one
    // file they became static imports, and the AI and AWS SDKs loaded unused (decision 031).
    splitting: true,
    sourcemap: true,
    logLevel: 'warning',
    tsconfig: `${root}tsconfig.json`,
  });
  cpSync(`${root}src/server/db/migrations`, `${outdir}/migrations`, { recursive: true });
}

export function buildWeb() {
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('vite build failed');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildWeb();
  await buildServer();
  console.log('Built dist/web and dist/server.');
}
