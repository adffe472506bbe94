import type { Page, Request } from '@playwright/test';
import { apiSignIn, demoPassword } from './support/api';
import { expectAccessible } from './support/axe';
import { demoAccounts, signInAs } from './support/demo-accounts';
import { expect, test } from './support/test';

// playwright.config.ts starts the server with these (VOICE_AGENT_ID, VOICE_WIDGET_SCRIPT_URL).
const AGENT_ID = 'agent_e2e_demo';
const SCRIPT_URL = 'https://voice-widget.invalid/convai-widget-embed.js';
const UNAVAILABLE = 'The voice assistant is unavailable right now.';

// Stands in for the provider's embed script: defines the agent element and shows a button.
const FAKE_WIDGET_SCRIPT = `
customElements.define('elevenlabs-convai', class extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return;
    const root = this.attachShadow({ mode: 'open' });
    const button = document.createElement('button');
    button.textContent = 'Talk to the CS500 assistant';
    button.style.cssText = 'position:fixed;right:24px;bottom:24px;padding:12px 18px;border-radius:999px;border:0;background:#111827;color:#fff;font:600 14px system-ui;box-shadow:0 4px 12px rgba(0,0,0,.2)';
    root.append(button);
  }
});`;

/** Serves the fake widget script; returns the requests made for it. */
async function serveFakeWidget(page: Page): Promise<Request[]> {
  const loads: Request[] = [];
  await page.route(SCRIPT_URL, async (route) => {
    loads.push(route.request());
    await route.fulfill({ contentType: 'text/javascript', body: FAKE_WIDGET_SCRIPT });
  });
  return loads;
}

function collectRequests(page: Page, path: string): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) requests.push(request);
  });
  return requests;
}

async function openEnrolledCourse(page: Page, title: string) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My Courses' })
    .click();
  await page
    .getByRole('region', { name: 'Enrolled Courses' })
    .getByRole('link', { name: new RegExp(title) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

const widget = (page: Page) => page.locator('elevenlabs-convai');

test('Sam sees the voice assistant on CS500, and the context is pushed once per session', async ({
  page,
  request,
}) => {
  const sam = await apiSignIn(request, demoAccounts.sam.email, await demoPassword(request));
  const scriptLoads = await serveFakeWidget(page);
  const pushes = collectRequests(page, '/api/voice-agent/update-context');

  await signInAs(page, demoAccounts.sam);
  const pushed = page.waitForResponse((response) =>
    response.url().includes('/api/voice-agent/update-context'),
  );
  await openEnrolledCourse(page, 'CS500');

  await expect(widget(page)).toHaveAttribute('agent-id', AGENT_ID);
  await expect(page.getByRole('button', { name: 'Talk to the CS500 assistant' })).toBeVisible();
  const variables = await widget(page).getAttribute('dynamic-variables');
  if (variables !== null) expect(JSON.parse(variables)).toEqual(expect.any(Object));
  await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
  await expectAccessible(page, 'student course page with the voice assistant');

  await pushed;
  expect(pushes).toHaveLength(1);
  expect(pushes[0]!.method()).toBe('POST');
  expect(pushes[0]!.postDataJSON()).toEqual({
    student_id: sam.id,
    course_id: expect.any(String),
    agent_id: AGENT_ID,
  });

  // A second visit in the same session: the widget again, but no second push and no second
  // script download.
  await openEnrolledCourse(page, 'CS500');
  await expect(widget(page)).toHaveAttribute('agent-id', AGENT_ID);
  // Also after a full reload (same tab, same session storage).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'CS500' })).toBeVisible();
  await expect(widget(page)).toHaveAttribute('agent-id', AGENT_ID);
  await page.waitForLoadState('networkidle');
  expect(pushes).toHaveLength(1);
  // Once per page life: the first page loaded it once; the reloaded page once more.
  expect(scriptLoads).toHaveLength(2);
});

test('another course shows no voice assistant and pushes nothing', async ({ page }) => {
  await serveFakeWidget(page);
  const pushes = collectRequests(page, '/api/voice-agent/update-context');

  await signInAs(page, demoAccounts.alex);
  const answer = page.waitForResponse((response) =>
    response.url().includes('/api/voice-agent/widget'),
  );
  await openEnrolledCourse(page, 'Data Structures and Algorithms');
  expect(await (await answer).json()).toMatchObject({ enabled: false });
  await page.waitForLoadState('networkidle');

  await expect(widget(page)).toHaveCount(0);
  await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
  expect(pushes).toHaveLength(0);
});

test('the course page still works when the widget script cannot load', async ({ page }) => {
  // No route for the script: its host does not exist.
  await signInAs(page, demoAccounts.sam);
  await openEnrolledCourse(page, 'CS500');

  await expect(page.getByText(UNAVAILABLE)).toBeVisible({ timeout: 15_000 });
  await expect(widget(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Assignments', exact: true })).toBeVisible();
  await expect(page.getByText(/\d+ total assignments?/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Upcoming Assignments' })).toBeVisible();
  await expectAccessible(page, 'student course page, voice assistant unavailable');
  // The page's links still work.
  await page.getByRole('link', { name: 'Back to Courses' }).click();
  await expect(page.getByRole('region', { name: 'Enrolled Courses' })).toBeVisible();
});

test('a teacher on the voice course sees no voice assistant and never asks for it', async ({
  page,
}) => {
  await serveFakeWidget(page);
  const widgetCalls = collectRequests(page, '/api/voice-agent/widget');
  const pushes = collectRequests(page, '/api/voice-agent/update-context');

  await signInAs(page, demoAccounts.teacher);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My Courses' })
    .click();
  await page.getByRole('link', { name: /CS500/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'CS500' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  await expect(widget(page)).toHaveCount(0);
  expect(widgetCalls).toHaveLength(0);
  expect(pushes).toHaveLength(0);
});
