// What `npm start` runs once the build is in place: the last command of package.json's start
// script, with its environment assignments and Node.js options (decisions 033, 034). The bench
// and the e2e run read it from here, so both start the server exactly as a school does.
import { readFileSync } from 'node:fs';

export interface StartCommand {
  /** The command line, for a POSIX shell (Playwright's webServer runs it in one). */
  line: string;
  /** Its environment assignments, e.g. MALLOC_MMAP_THRESHOLD_. */
  env: Record<string, string>;
  /** Its Node.js options, e.g. --initial-heap-size=96. */
  nodeOptions: string[];
}

export function startCommand(): StartCommand {
  const { scripts } = JSON.parse(
    readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
  ) as { scripts: { start: string } };
  const line = scripts.start.split(' && ').at(-1)!;
  const match = /^((?:[A-Z_]+=\S+ )*)node((?: --\S+)*) dist\/server\/main\.js$/.exec(line);
  if (!match)
    throw new Error('package.json: the start script no longer ends by running the server');
  const env = Object.fromEntries(
    match[1]!
      .split(' ')
      .filter(Boolean)
      .map((assignment) => assignment.split('=') as [string, string]),
  );
  return { line, env, nodeOptions: match[2]!.split(' ').filter(Boolean) };
}
