// The read-back of a deadline rush in isolation (decision 038): 200 stored 1 MB PDFs read whole
// into memory, all at once, as submit reads them for text extraction: through the storage's
// stream (64 kB chunks) or through the local driver's readWhole (one pread). The rounds
// alternate, so both ways meet the same machine; CPU is the process's, all threads.
//
//   npx tsx bench/read-back.ts [--rounds 6]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createLocalStorage } from '@server/storage/local-storage';
import { readStreamWhole } from '@server/storage/read-whole-file';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '6' } } });
const FILES = 200;
const SIZE = 1024 * 1024;

const dir = mkdtempSync(join(tmpdir(), 'mylo-read-back-'));
const storage = createLocalStorage(dir);
const keys: string[] = [];
for (let i = 0; i < FILES; i++) {
  const key = `c0ffee00-0000-4000-8000-000000000001/student-${i}/1700000000000_work.pdf`;
  await storage.put(key, Buffer.alloc(SIZE, i % 251));
  keys.push(key);
}

const ways = {
  stream: async (key: string) => readStreamWhole(await storage.read(key), SIZE),
  readWhole: (key: string) => storage.readWhole(key, SIZE),
};
try {
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const [way, read] of Object.entries(ways)) {
      const cpuBefore = process.cpuUsage();
      const start = performance.now();
      const results = await Promise.all(keys.map(read));
      if (results.some((bytes) => bytes?.byteLength !== SIZE))
        throw new Error(`${way}: wrong size`);
      const cpu = process.cpuUsage(cpuBefore);
      console.log(
        `round ${round} ${way.padEnd(9)}: CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms ` +
          `(user ${(cpu.user / 1000).toFixed(0)}, system ${(cpu.system / 1000).toFixed(0)}), ` +
          `wall ${(performance.now() - start).toFixed(0)} ms`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
