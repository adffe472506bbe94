// `npm run test:e2e`: build the client, then run the Playwright specs against the real server.
// Browsers are never downloaded: the specs use Debian's Chromium at /usr/bin/chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CHROMIUM = '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  const required = process.env.REQUIRE_E2E === '1';
  const bar = '!'.repeat(72);
  console.error(
    [
      '',
      bar,
      `!!  END-TO-END TESTS DID NOT RUN: ${CHROMIUM} is missing.`,
      '!!  Install it with: sudo apt-get install chromium',
      required
        ? '!!  REQUIRE_E2E=1 is set, so this counts as a failure.'
        : '!!  Set REQUIRE_E2E=1 to make this a failure (CI does).',
      bar,
      '',
    ].join('\n'),
  );
  process.exit(required ? 1 : 0);
}

const run = (command, args, env = process.env) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.error) throw result.error;
  return result.status ?? 1;
};

// The web client and the compiled server, exactly what `npm start` runs.
const built = run('node', ['scripts/build.mjs']);
if (built !== 0) process.exit(built);

// The server seeds demo data into an empty database; a fresh directory per run guarantees one.
const dataDir = mkdtempSync(join(tmpdir(), 'mylo-e2e-'));
let status;
try {
  status = run('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    ...process.env,
    E2E_DATA_DIR: dataDir,
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
