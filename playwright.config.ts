import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E_PORT lets several runs share a machine without fighting over one port.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;

// A fresh, empty data directory per run, so the server seeds the demo data and no earlier run
// leaks in. Workers load this file again; the environment variable makes them reuse the
// directory the main process made (scripts/run-e2e.mjs sets it and removes it afterwards).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'mylo-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  // Every page state is also checked by axe at two widths (e2e/support/axe.ts), a second or
  // two each: the stories need more than Playwright's default 30 s. A guard, not a speed goal.
  timeout: 120_000,
  // Prints how many page states axe checked at each width (e2e/support/axe.ts).
  globalTeardown: './e2e/support/axe-summary.ts',
  reporter: 'list',
  forbidOnly: !!process.env.CI,
  use: {
    baseURL,
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
  webServer: {
    // The compiled server, as `npm start` runs it (scripts/run-e2e.mjs builds it first).
    command: 'node dist/server/main.js',
    url: `${baseURL}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
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
  },
});
