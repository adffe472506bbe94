import type { Page } from '@playwright/test';
import {
  dashboardHeading,
  dashboardPath,
  demoAccounts,
  pickDemoAccount,
  signInAs,
} from './support/demo-accounts';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/test';
import { expectToast } from './support/toasts';

const topBar = (page: Page) => page.getByRole('banner');

for (const account of Object.values(demoAccounts)) {
  test(`${account.name} signs in with the ${account.role.toLowerCase()} demo account and lands on the ${dashboardHeading(account)}`, async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'AI Teaching Assistant' })).toBeVisible();
    await expect(page.getByText('Sign in to your account to continue')).toBeVisible();
    await expect(page).toHaveTitle('AI Teaching Assistant');
    await expectAccessible(page, 'sign-in screen');

    await pickDemoAccount(page, account);
    await expect(page.getByLabel('Password')).not.toHaveValue('');
    // Picking an account fills the form in; it does not sign in by itself.
    await expect(page).toHaveURL('/login');

    const signInResponse = page.waitForResponse('**/api/auth/sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const session = (await (await signInResponse).json()) as {
      access_token: string;
      refresh_token?: string;
    };

    await expect(page).toHaveURL(dashboardPath(account));
    await expect(page.getByRole('heading', { name: dashboardHeading(account) })).toBeVisible();
    await expectToast(page, 'Successfully logged in!');
    await expectAccessible(page, dashboardHeading(account));
    await expect(topBar(page).getByText(account.name)).toBeVisible();
    await expect(topBar(page).getByText(account.role, { exact: true })).toBeVisible();
    await expect(topBar(page).getByRole('link', { name: 'AI Teaching Assistant' })).toHaveAttribute(
      'href',
      dashboardPath(account),
    );

    // DESIGN §6: tokens never reach web storage; only the profile and a flag are kept. The
    // refresh token is never in the page's reach at all: the browser holds it as an httpOnly
    // cookie, and the JSON a browser gets leaves it out (issue 20).
    expect(session.refresh_token).toBeUndefined();
    const stored = await page.evaluate(() =>
      JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }),
    );
    expect(stored).not.toContain(session.access_token);
    expect(stored).toContain(account.email);
  });
}

test('A signed-in user who reloads the page stays on the dashboard', async ({ page }) => {
  await signInAs(page, demoAccounts.alex);

  const refreshed = page.waitForResponse('**/api/auth/refresh');
  await page.reload();
  // The session is re-established from the refresh cookie, not just trusted from storage.
  expect((await refreshed).status()).toBe(200);

  await expect(page).toHaveURL('/student/dashboard');
  await expect(page.getByRole('heading', { name: 'Student Dashboard' })).toBeVisible();
  await expect(topBar(page).getByText('Alex Rivera')).toBeVisible();
});

test('Logout returns to the sign-in screen, and a reload stays there', async ({ page }) => {
  await signInAs(page, demoAccounts.sam);

  await topBar(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL('/login');

  await page.goto('/student/dashboard');
  await expect(page).toHaveURL('/login');
});

test('A student who opens the teacher dashboard lands on the student dashboard', async ({
  page,
}) => {
  await signInAs(page, demoAccounts.alex);
  await page.goto('/teacher/dashboard');
  await expect(page).toHaveURL('/student/dashboard');
  await expect(page.getByRole('heading', { name: 'Student Dashboard' })).toBeVisible();
});

test('A signed-in teacher who opens the sign-in screen goes to the teacher dashboard', async ({
  page,
}) => {
  await signInAs(page, demoAccounts.teacher);
  await page.goto('/login');
  await expect(page).toHaveURL('/teacher/dashboard');
  await page.goto('/');
  await expect(page).toHaveURL('/teacher/dashboard');
});

test('A visitor who is not signed in is sent from a teacher page to the sign-in screen', async ({
  page,
}) => {
  await page.goto('/teacher/courses');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('An unknown path leads to the sign-in screen', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'AI Teaching Assistant' })).toBeVisible();
});

test("A wrong password shows the server's message", async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(demoAccounts.teacher.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }),
  ).toBeVisible();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expectToast(page, 'Invalid email or password.');
  await expectAccessible(page, 'sign-in screen with an error');
});

test('The active navigation link is marked as the current page', async ({ page }) => {
  await signInAs(page, demoAccounts.teacher);
  const nav = page.getByRole('navigation', { name: 'Main' });

  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.getByRole('link', { name: 'My Courses' })).not.toHaveAttribute('aria-current');

  await nav.getByRole('link', { name: 'My Courses' }).click();
  await expect(page).toHaveURL('/teacher/courses');
  await expect(page.getByRole('heading', { name: 'My Courses' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My Courses' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
});

test('A page that fails to load shows the application error screen with a way home', async ({
  page,
}) => {
  // As after a deploy that removed the old chunk: the dashboard's code cannot be fetched.
  await page.route('**/assets/dashboard-*.js', (route) => route.abort());
  await page.goto('/login');
  await pickDemoAccount(page, demoAccounts.sam);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
  await expectAccessible(page, 'application error screen');
});

test('A stored profile whose session has ended leads back to the sign-in screen', async ({
  page,
  context,
}) => {
  await signInAs(page, demoAccounts.alex);
  // The refresh cookie is gone (expired, or revoked elsewhere); the profile is still stored.
  await context.clearCookies();
  await page.reload();

  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('mylo.auth'))).toBeNull();
});

test('Signing in from a deep link lands on the page asked for, not the dashboard', async ({
  page,
}) => {
  await page.goto('/teacher/courses/new');
  await expect(page).toHaveURL('/login');
  await pickDemoAccount(page, demoAccounts.teacher);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL('/teacher/courses/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Course' })).toBeVisible();

  // A page of the other role is not where a student goes: the student dashboard is.
  await topBar(page).getByRole('button', { name: 'Logout' }).click();
  await page.goto('/teacher/courses');
  await pickDemoAccount(page, demoAccounts.alex);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/student/dashboard');
});

test("A route change moves focus to the new page's heading, names the tab after it and announces it", async ({
  page,
}) => {
  await signInAs(page, demoAccounts.teacher);
  const heading = page.getByRole('heading', { level: 1, name: 'Teacher Dashboard' });
  await expect(heading).toBeFocused();
  await expect(page).toHaveTitle('Teacher Dashboard · AI Teaching Assistant');

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My Courses' })
    .click();
  const courses = page.getByRole('heading', { level: 1, name: 'My Courses' });
  await expect(courses).toBeFocused();
  await expect(page).toHaveTitle('My Courses · AI Teaching Assistant');
  await expect(page.getByRole('status').filter({ hasText: /^My Courses$/ })).toHaveCount(1);

  // Tab continues from the top of the new page: the first course card comes next.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'New Course' })).toBeFocused();
});

test('A new page opens at the top, and Back returns to where the last one was left', async ({
  page,
}) => {
  await signInAs(page, demoAccounts.alex);
  await page.setViewportSize({ width: 390, height: 600 });
  const recent = page.getByRole('region', { name: 'Recent Submissions' });
  await recent.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(200);

  await page
    .getByRole('region', { name: 'Upcoming Assignments' })
    .getByRole('link')
    .first()
    .click();
  await expect(page.getByRole('tab', { name: 'Assignment Details' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Student Dashboard' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
});

test("At phone width the top bar shows the app title, the user's full name, the role and Logout", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, demoAccounts.teacher);
  const bar = topBar(page);
  await expect(bar.getByRole('link', { name: 'AI Teaching Assistant' })).toBeVisible();
  await expect(bar.getByText('Dr. Maya Chen')).toBeVisible();
  await expect(bar.getByText('Teacher', { exact: true })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Logout' })).toBeVisible();
  // Nothing in the bar is cut off or pushed past the screen's edge.
  for (const item of await bar.locator('a, button, span').all()) {
    const box = await item.boundingBox();
    if (!box || box.width === 0) continue;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await expectAccessible(page, 'Teacher Dashboard');
});
