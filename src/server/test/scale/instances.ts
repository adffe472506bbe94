// Real server processes for the several-instance test (and the bench's two-instance rush):
// `src/server/main.ts` as `npm start` runs it, each on its own loopback port and data dir,
// sharing whatever the environment names (PostgreSQL, S3, Redis). Nothing is mocked.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface Instance {
  name: string;
  url: string;
  pid: number;
  /** Everything the process wrote, for a failing test's message. */
  output(): string;
  /** Ends it as a crash would: no shutdown, no released jobs. */
  crash(): Promise<void>;
  /** Ends it as an orchestrator would (SIGTERM), and waits. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/**
 * Starts one instance and waits until its /health answers 200. `entry` is the server to run:
 * the TypeScript source through tsx by default, or a compiled file.
 */
export async function startInstance(
  name: string,
  env: Record<string, string>,
  { entry = 'src/server/main.ts', readyWithinMs = 90_000 } = {},
): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `mylo-${name}-`));
  const args = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  const instance: Instance = {
    name,
    url,
    pid: child.pid ?? 0,
    output: () => output,
    crash: async () => {
      child.kill('SIGKILL');
      await exited(child);
      cleanup();
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
      cleanup();
    },
  };

  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const status = await fetch(`${url}/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return instance;
    await sleep(250);
  }
  await instance.crash();
  throw new Error(`${name} did not become healthy:\n${output}`);
}
