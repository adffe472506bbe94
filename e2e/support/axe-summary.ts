// Playwright's globalTeardown: how many page states axe checked, per width, in this run.
import { existsSync, readFileSync } from 'node:fs';
import { axeLogPath, WIDTHS } from './axe';

export default function summarise() {
  const path = axeLogPath();
  if (!existsSync(path)) return;
  const checks = readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(
      (line) =>
        JSON.parse(line) as {
          state: string;
          width: number;
          violations: number;
          ms: number;
          settleMs: number;
        },
    );
  const lines = WIDTHS.map(({ width }) => {
    const atWidth = checks.filter((check) => check.width === width);
    const states = new Set(atWidth.map((check) => check.state));
    const violations = atWidth.reduce((sum, check) => sum + check.violations, 0);
    const seconds = (key: 'ms' | 'settleMs') =>
      (atWidth.reduce((sum, check) => sum + check[key], 0) / 1000).toFixed(0);
    return `  ${width} px: ${states.size} distinct page states in ${atWidth.length} checks, ${violations} violations (axe ran ${seconds('ms')} s, after ${seconds('settleMs')} s of settling)`;
  });
  console.log(['', 'axe-core (WCAG 2.1 A and AA):', ...lines].join('\n'));
}
