import type { Page } from '@playwright/test';
import {
  dashboardHeading,
  dashboardPath,
  demoAccounts,
  pickDemoAccount,
  signInAs,
} from './support/demo-accounts';
import { expect, test } from './support/test';

const topBar = (page: Page) => page.getByRole('banner');

for (const account of Object.values(demoAccounts)) {
  test(`${account.name} signs in with the ${account.role.toLowerCase()} demo account and lands on the ${dashboardHeading(account)}`, async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'AI Teaching Assistant' })).toBeVisible();
    await expect(page.getByText('Sign in to your account to continue')).toBeVisible();

    await pickDemoAccount(page, account);
    await expect(page.getByLabel('Password')).not.toHaveValue('');
    // Picking an account fills the form in; it does not sign in by itself.
    await expect(page).toHaveURL('/login');

    const signInResponse = page.waitForResponse('**/api/auth/sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const session = (await (await signInResponse).json()) as {
      access_token: string;
      refresh_token: string;
    };

    await expect(page).toHaveURL(dashboardPath(account));
    await expect(page.getByRole('heading', { name: dashboardHeading(account) })).toBeVisible();
    await expect(page.getByText('Successfully logged in!')).toBeVisible();
    await expect(topBar(page).getByText(account.name)).toBeVisible();
    await expect(topBar(page).getByText(account.role, { exact: true })).toBeVisible();
    await expect(topBar(page).getByRole('link', { name: 'AI Teaching Assistant' })).toHaveAttribute(
      'href',
      dashboardPath(account),
    );

    // DESIGN §6: tokens never reach web storage; only the profile and a flag are kept.
    const stored = await page.evaluate(() =>
      JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }),
    );
    expect(stored).not.toContain(session.access_token);
    expect(stored).not.toContain(session.refresh_token);
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
