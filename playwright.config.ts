import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { startCommand } from './scripts/start-command';

// E2E_PORT lets several runs share a machine without fighting over one port (this run uses it
// and the next one).
const PORT = Number(process.env.E2E_PORT ?? 3100);

// A fresh, empty data directory per run, so each server seeds the demo data and no earlier run
// leaks in. Workers load this file again; the environment variable makes them reuse the
// directory the main process made (scripts/run-e2e.mjs sets it and removes it afterwards).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'mylo-e2e-'));

/**
 * The specs share the demo accounts (the teacher's chat threads, Sam's submissions, Alex's
 * enrolments), so two of them must never run against one server at once. Instead the run has two
 * servers, each with its own database and demo data, and one worker each: the two halves run
 * side by side and each half runs in order, exactly as if it were alone. The first half holds
 * the longest teacher stories; every other spec, new ones included, runs in the second.
 */
const FIRST_HALF = [
  'grading.spec.ts',
  'teacher-workspace.spec.ts',
  'auth.spec.ts',
  'mylo-chat.spec.ts',
  'voice-widget.spec.ts',
];

const halves = [
  { name: 'first half', port: PORT, testMatch: FIRST_HALF, testIgnore: [] as string[] },
  { name: 'second half', port: PORT + 1, testMatch: ['*.spec.ts'], testIgnore: FIRST_HALF },
].map((half) => {
  const dataDir = join(process.env.E2E_DATA_DIR as string, half.name.replace(' ', '-'));
  mkdirSync(dataDir, { recursive: true });
  return { ...half, dataDir, baseURL: `http://127.0.0.1:${half.port}` };
});

export default defineConfig({
  testDir: 'e2e',
  workers: halves.length,
  // Every page state is also checked by axe at two widths (e2e/support/axe.ts), about half a
  // second each: the stories need more than Playwright's default 30 s. One guard for every story,
  // not a speed goal: on a slower two-core machine the longest took 1.7–2.1 min (CI of
  // 2026-11-28), so it sits well above that.
  timeout: 300_000,
  // The two halves share the machine's cores with their servers and browsers: a Mylo grade or a
  // PDF drawn can take longer than Playwright's default 5 s there. Each check still waits for
  // the same thing on screen; only its patience grows.
  expect: { timeout: 30_000 },
  // Prints how many page states axe checked at each width (e2e/support/axe.ts).
  globalTeardown: './e2e/support/axe-summary.ts',
  reporter: 'list',
  forbidOnly: !!process.env.CI,
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium, not a downloaded browser (see scripts/run-e2e.mjs).
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: halves.map((half) => ({
    name: half.name,
    testMatch: half.testMatch,
    testIgnore: half.testIgnore,
    workers: 1,
    use: { baseURL: half.baseURL },
  })),
  webServer: halves.map((half) => ({
    // The compiled server, as `npm start` runs it (scripts/run-e2e.mjs builds it first).
    command: startCommand().line,
    url: `${half.baseURL}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(half.port),
      HOST: '127.0.0.1',
      DATA_DIR: half.dataDir,
      LOG_LEVEL: 'warn',
      // Every spec signs in through the form; the limiter itself is covered by the API tests.
      SIGN_IN_MAX_ATTEMPTS: '1000',
      // Likewise the demo students upload and the specs sign up more than anyone would in an hour.
      UPLOAD_MAX_PER_HOUR: '1000',
      UPLOAD_MAX_UNSUBMITTED: '1000',
      SIGN_UP_MAX_PER_HOUR: '1000',
      // The voice widget on CS500 (e2e/voice-widget.spec.ts). The script's host does not exist:
      // that spec serves a fake widget with page.route(), and leaves it unreachable to test that.
      VOICE_AGENT_ID: 'agent_e2e_demo',
      VOICE_WIDGET_SCRIPT_URL: 'https://voice-widget.invalid/convai-widget-embed.js',
    },
  })),
});
