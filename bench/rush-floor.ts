// The deadline rush's floor on this machine (docs/decisions/050): the rush of bench/rush.ts,
// the same 200 bodies sent by the same load generator, to a bare node:http server that only
// stores each upload (one writev, fsync, close) and answers it and the hand-in. What a rush of
// the real server takes above this is the application's own work: the session, multipart, SQL,
// the hand-in's checks and the PDF's text. Compare it with bench/rush-cpu.ts on the same day.
//
//   npx tsx bench/rush-floor.ts [--rounds 3]
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { percentile } from './harness';
import { processCpuMs } from './process-cpu';
import { handInAll, rushStudentsOf, throwFirstFailure } from './rush';

/** The bare server, in its own process as the real one is: stores bodies in `dir`. */
function serve(dir: string) {
  const server = http.createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      let answer: object = { ok: true };
      if (request.method === 'POST') {
        const file = await open(join(dir, randomUUID()), 'w');
        const { bytesWritten } = await file.writev(chunks);
        await file.sync();
        await file.close();
        answer = { path: 'floor', size: bytesWritten, original_filename: 'essay.pdf' };
      }
      response.writeHead(request.method === 'POST' ? 201 : 200, {
        'content-type': 'application/json',
      });
      response.end(JSON.stringify(answer));
    })().catch((error: unknown) => {
      // Said to the load generator, which stops the run with it.
      response.writeHead(500).end(String(error));
    });
  });
  server.listen(0, '127.0.0.1', () => {
    process.send?.((server.address() as { port: number }).port);
  });
}

if (process.argv[2] === 'serve') {
  serve(process.argv[3]!);
} else {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
  const dir = mkdtempSync(join(tmpdir(), 'mylo-rush-floor-'));
  const child = fork(process.argv[1]!, ['serve', dir], { execArgv: ['--import', 'tsx'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
    });
    // The bare server reads neither the token nor the assignment.
    const students = await rushStudentsOf(Array<string>(200).fill('none'), 'floor');
    const at = () => ({ base: `http://127.0.0.1:${port}` });
    for (let round = 1; round <= Number(values.rounds); round++) {
      const serverBefore = processCpuMs(child.pid!);
      const clientBefore = process.cpuUsage();
      const { outcomes, latencies, wall } = await handInAll(at, students, 'floor');
      const client = process.cpuUsage(clientBefore);
      throwFirstFailure(outcomes);
      console.log(
        `round ${round}: p50 ${percentile(latencies, 50).toFixed(0)} ms, ` +
          `p95 ${percentile(latencies, 95).toFixed(0)} ms, wall ${wall.toFixed(0)} ms; ` +
          `server CPU ${processCpuMs(child.pid!) - serverBefore} ms, ` +
          `load generator ${((client.user + client.system) / 1000).toFixed(0)} ms`,
      );
    }
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
