// `npm start` builds the web client only when dist/web is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const builtIndex = join(root, 'dist/web/index.html');
const sources = [
  join(root, 'src/web'),
  join(root, 'src/domain'),
  join(root, 'vite.config.ts'),
  join(root, 'package.json'),
];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const changedAt = Math.max(...sources.filter(existsSync).map(newestMtime));
if (builtAt >= changedAt) process.exit(0);

console.log(
  builtAt ? 'Web client sources changed: rebuilding…' : 'Building the web client (first start)…',
);
const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
