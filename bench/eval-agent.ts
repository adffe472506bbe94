// `npm run eval:agent`: Mylo's evaluation sets (src/server/test/agent-eval) on a fresh in-memory
// database with the offline engine. Prints the success rate by category and the failures, and
// writes the tables into bench/results.md between its markers (leaving the rest of the file).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { PINNED_NOW } from '../src/server/test/agent-helpers';
import { buildTestApp } from '../src/server/test/build-test-app';
import {
  describeFailures,
  renderEvalTable,
  runEvaluation,
  type EvalRun,
} from '../src/server/test/agent-eval/run-eval';
import { SECOND_SET_CASES } from '../src/server/test/agent-eval/second-set';
import { UNSEEN_CASES } from '../src/server/test/agent-eval/unseen';

const RESULTS = fileURLToPath(new URL('./results.md', import.meta.url));
const START = '<!-- eval:agent:start -->';
const END = '<!-- eval:agent:end -->';

/** A failure line inside a Markdown list: no table pipes, no emphasis. */
const escape = (line: string) => line.replace(/([|*_\\])/g, '\\$1');

interface EvalSet {
  name: string;
  about: string;
  run: EvalRun;
}

function printSet(set: EvalSet) {
  const failures = describeFailures(set.run);
  console.log(`\n${set.name}: ${set.about}\n\n${renderEvalTable(set.run)}`);
  console.log(
    `\nChanged something the teacher did not name: ${set.run.unintendedChanges}. ${failures.length} failure(s)${failures.length ? ':' : '.'}`,
  );
  for (const line of failures) console.log(`- ${line}`);
}

function sectionOf(set: EvalSet, heading: string): string[] {
  const failures = describeFailures(set.run);
  return [
    `${heading} ${set.name}`,
    '',
    `${set.run.results.length} requests: ${set.about}. Requests that changed something the teacher did not name: **${set.run.unintendedChanges}**.`,
    '',
    renderEvalTable(set.run),
    '',
    failures.length
      ? ['Failures left:', '', ...failures.map((line) => `- ${escape(line)}`)].join('\n')
      : 'No failures left.',
    '',
  ];
}

const started = performance.now();
const t = await buildTestApp({ clock: () => PINNED_NOW });
try {
  const sets: EvalSet[] = [
    {
      name: 'Evaluation set',
      about:
        "requests in a teacher's words, each on a fresh class, sent to `POST /api/agent/test` and checked through the API afterwards; written before the engine was built and tuned on (src/server/test/agent-eval/cases.ts). `npm test` requires 95 % of it",
      run: await runEvaluation(t),
    },
    {
      name: 'Second set',
      about:
        'written after tuning on the first; its first run got 24 of 32 right (75 %), and the gaps it showed were then fixed (second-set.ts)',
      run: await runEvaluation(t, { cases: SECOND_SET_CASES }),
    },
    {
      name: 'Unseen set',
      about:
        'written after all tuning and never tuned on: the honest estimate on words the engine has not seen (unseen.ts)',
      run: await runEvaluation(t, { cases: UNSEEN_CASES }),
    },
  ];
  for (const set of sets) printSet(set);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);

  const section = [
    START,
    '## Mylo AI evaluation (offline engine)',
    '',
    `Written by \`npm run eval:agent\` (bench/eval-agent.ts) on ${new Date().toISOString()} in ${seconds} s; Node ${process.version}, ${os.cpus().length} cores. A request is right when exactly the changes it names happened (both teachers' courses and assignments are read through the API before and after) and the reply says what it must.`,
    '',
    ...sets.flatMap((set) => sectionOf(set, '###')),
    END,
  ].join('\n');
  const current = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '';
  const at = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    at >= 0 && end > at
      ? current.slice(0, at) + section + current.slice(end + END.length)
      : `${current.trimEnd()}${current ? '\n\n' : ''}${section}\n`;
  // Formatted like every other file, so `npm run format:check` passes on committed results.
  const options = (await prettier.resolveConfig(RESULTS)) ?? {};
  writeFileSync(RESULTS, await prettier.format(next, { ...options, filepath: RESULTS }));
  console.log(`\nWrote the tables to ${RESULTS}.`);
} finally {
  await t.close();
}
