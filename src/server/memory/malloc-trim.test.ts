// Whether malloc_trim really gives freed memory back: measured in a process of its own, whose
// resident memory no other test moves.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startCommand } from '../../../scripts/start-command';

const MODULE = fileURLToPath(new URL('./malloc-trim.ts', import.meta.url));

// 64 MB in 16 kB buffers (below glibc's mmap threshold: they come from its heap), every 16th
// kept, so the freed ones lie between kept ones, where glibc's free() cannot return them.
const SCRIPT = `
import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import { loadMallocTrim } from ${JSON.stringify(MODULE)};
const rssMb = () => Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
const trim = await loadMallocTrim(pino({ level: 'silent' }));
const kept = [];
let all = [];
for (let i = 0; i < 4096; i++) {
  const buffer = Buffer.allocUnsafeSlow(16 * 1024).fill(i);
  all.push(buffer);
  if (i % 16 === 0) kept.push(buffer);
}
all = null;
globalThis.gc();
await new Promise((resolve) => setTimeout(resolve, 300));
const freed = rssMb();
await trim();
console.log(JSON.stringify({ freed, trimmed: rssMb(), kept: kept.length }));
`;

describe('malloc_trim through koffi', () => {
  it('gives back freed memory that glibc keeps resident between live allocations', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', SCRIPT],
      // glibc set up as `npm start` sets it (its mmap threshold, decision 034).
      { env: { ...process.env, ...startCommand().env } },
    );
    const { freed, trimmed, kept } = JSON.parse(stdout) as {
      freed: number;
      trimmed: number;
      kept: number;
    };
    expect(kept).toBe(256);
    // About 60 MB was freed; free() alone left it resident.
    expect(freed - trimmed).toBeGreaterThan(40);
  });
});
