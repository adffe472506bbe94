// DESIGN §14: axe-core, with the WCAG 2.1 A and AA rules, on every page state a spec visits, at
// desktop and phone width, failing on any violation. Each check records the state it saw, and
// e2e/support/axe-summary.ts counts them when the run ends.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import axe, { type AxeResults, type Result, type RunOptions } from 'axe-core';
import { expect, test } from './test';

export const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Rules switched off for the whole suite, each with its reason. Keep this empty unless a rule
 * cannot apply; a rule that fails is a bug to fix, not to list here.
 */
const DISABLED_RULES: Record<string, string> = {};

/** Where checks are recorded (a file in the run's data directory, see axe-summary.ts). */
export const axeLogPath = () => join(process.env.E2E_DATA_DIR ?? '.', 'axe-states.jsonl');

function describe(violations: Result[]): string {
  return violations
    .map((violation) =>
      [
        `${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help}`,
        ...violation.nodes.map(
          (node) => `  - ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, ' ')}`,
        ),
      ].join('\n'),
    )
    .join('\n');
}

/**
 * Lets a layout change settle: two animation frames, then the finite animations and
 * transitions under way (a toast fading in would be measured half transparent). Endless ones
 * (spinners) are left running.
 */
const settle = (page: Page) =>
  page.evaluate(async () => {
    await new Promise<void>((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
    );
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([
      Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });

/**
 * axe.run in the page itself, axe-core injected once per document. (@axe-core/playwright's
 * AxeBuilder injects axe again on every check and finishes each one in a new blank page: on
 * this suite's pages that made a check 1–3 s instead of 0.3–0.5 s. The app has no frames,
 * which is all its per-frame machinery is for.) Only violations are gathered.
 */
async function runAxe(page: Page, exclude: string[]): Promise<Result[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(axe.source);
  const options: RunOptions = {
    runOnly: { type: 'tag', values: TAGS },
    rules: Object.fromEntries(Object.keys(DISABLED_RULES).map((id) => [id, { enabled: false }])),
    resultTypes: ['violations'],
  };
  const results = await page.evaluate(
    ([excluded, runOptions]) =>
      (window as unknown as { axe: typeof axe }).axe.run(
        excluded.length > 0 ? { exclude: excluded } : document,
        runOptions,
      ) as Promise<AxeResults>,
    [exclude, options] as const,
  );
  return results.violations;
}

/**
 * Toasts come and go on a timer: one that started to fade out while axe measures it has
 * half-transparent text, which axe reports as low contrast although no one can read it in that
 * state. So page checks leave toasts out, and expectToast (e2e/support/toasts.ts) checks each
 * toast while the pointer holds it open.
 */
const TOASTS = '[data-sonner-toaster]';

/**
 * Runs axe on the page as it is now, at 1280 px and at 390 px (the viewport changes, the state
 * stays), and fails on any violation. `state` names what is on screen, e.g. 'teacher dashboard'.
 * The viewport is put back afterwards.
 */
export async function expectAccessible(
  page: Page,
  state: string,
  {
    exclude = [],
    includeToasts = false,
    beforeEachWidth,
  }: {
    exclude?: Array<{ selector: string; reason: string }>;
    /** Check the toasts too (expectToast does, holding them open in `beforeEachWidth`). */
    includeToasts?: boolean;
    /** Runs after the viewport changed and before axe looks, at each width. */
    beforeEachWidth?: () => Promise<void>;
  } = {},
) {
  await test.step(`axe: ${state}`, async () => {
    const original = page.viewportSize();
    const failures: string[] = [];
    try {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width: width.width, height: width.height });
        await beforeEachWidth?.();
        const settling = Date.now();
        await settle(page);
        const started = Date.now();
        const excluded = exclude.map(({ selector }) => selector);
        const violations = await runAxe(page, includeToasts ? excluded : [...excluded, TOASTS]);
        appendFileSync(
          axeLogPath(),
          `${JSON.stringify({ state, width: width.width, violations: violations.length, ms: Date.now() - started, settleMs: started - settling })}\n`,
        );
        if (violations.length > 0) failures.push(`at ${width.width} px:\n${describe(violations)}`);
      }
    } finally {
      if (original) await page.setViewportSize(original);
    }
    expect(failures.join('\n'), `axe violations on "${state}"`).toBe('');
  });
}
