// Before `npm start`: rebuilds dist/web or dist/server when they are missing or older than their
// sources, so `npm install && npm start` works on a fresh clone. A production install
// (`npm install --omit=dev` after `npm run build`) has no build tools and needs none.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const targets = [
  {
    name: 'web client',
    output: 'dist/web/index.html',
    sources: ['src/web', 'src/domain', 'vite.config.ts', 'package.json'],
    build: async (tools) => tools.buildWeb(),
  },
  {
    name: 'server',
    output: 'dist/server/main.js',
    sources: ['src/server', 'src/domain', 'package.json', 'tsconfig.json'],
    build: async (tools) => tools.buildServer(),
  },
];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const canBuild =
  existsSync(join(root, 'node_modules/esbuild')) && existsSync(join(root, 'node_modules/vite'));
for (const target of targets) {
  const output = join(root, target.output);
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  const sources = target.sources.map((path) => join(root, path)).filter(existsSync);
  if (builtAt >= Math.max(...sources.map(newestMtime))) continue;
  if (!canBuild) {
    if (builtAt) continue; // a production install runs what was built
    console.error(
      `The ${target.name} is not built. Run \`npm run build\` (with dev dependencies installed) first.`,
    );
    process.exit(1);
  }
  console.log(
    builtAt
      ? `The ${target.name}'s sources changed: rebuilding…`
      : `Building the ${target.name} (first start)…`,
  );
  await target.build(await import('./build.mjs'));
}
