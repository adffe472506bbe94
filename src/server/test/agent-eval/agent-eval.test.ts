// Issue 12's bar, on the evaluation set (cases.ts) through the API with the offline engine:
// at least 95 % of the requests end as the teacher meant, the chat greeting's example prompts
// (and their rephrasings) all do, and no request ever changes something the teacher did not name,
// also in the second and unseen sets (second-set.ts, unseen.ts), whose success rates
// `npm run eval:agent` reports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PINNED_NOW } from '../agent-helpers';
import { buildTestApp, type TestApp } from '../build-test-app';
import { EVAL_CASES } from './cases';
import { describeFailures, runEvaluation, type EvalRun } from './run-eval';
import { SECOND_SET_CASES } from './second-set';
import { UNSEEN_CASES } from './unseen';

let t: TestApp;
let run: EvalRun;
let others: EvalRun[];

beforeAll(async () => {
  t = await buildTestApp({ clock: () => PINNED_NOW });
  run = await runEvaluation(t);
  others = [
    await runEvaluation(t, { cases: SECOND_SET_CASES }),
    await runEvaluation(t, { cases: UNSEEN_CASES }),
  ];
}, 600_000);
afterAll(() => t.close());

describe('Mylo on the evaluation set (offline engine)', () => {
  it('holds at least 60 requests in every category', () => {
    expect(EVAL_CASES.length).toBeGreaterThanOrEqual(60);
    for (const { cases } of run.byCategory) expect(cases).toBeGreaterThan(0);
  });

  it('never changes something the teacher did not name, here or in the sets it was not tuned on', () => {
    const unintended = [run, ...others]
      .flatMap((r) => r.results)
      .filter((r) => r.unintended)
      .map((r) => `${[r.evalCase.say].flat().join(' → ')}: ${r.problems.join('; ')}`);
    expect(unintended).toEqual([]);
  });

  it('does what the teacher meant for at least 95 % of the requests', () => {
    const failures = describeFailures(run);
    expect(run.passed / run.results.length, failures.join('\n')).toBeGreaterThanOrEqual(0.95);
  });

  it("answers the chat greeting's example prompts as written and rephrased", () => {
    const greeting = run.results.filter((r) => r.evalCase.category === 'greeting prompts');
    expect(greeting.filter((r) => !r.passed).map((r) => r.problems)).toEqual([]);
  });
});
