// Screens a new account sees before it has anything, and screens after a load fails: each
// with its SPEC texts, checked by axe at both widths.
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignUp, demoPassword } from './support/api';
import { expectAccessible } from './support/axe';
import { demoAccounts, signInAs } from './support/demo-accounts';
import { expect, test } from './support/test';
import { expectToast } from './support/toasts';

const serverError = { status: 500, json: { error: { code: 'INTERNAL', message: 'Boom' } } };
// A failing call is retried twice (with a back-off) before the page gives up.
const patient = { timeout: 15_000 };

/** Signs up through the API (its own cookies, not the page's), then in through the form. */
async function signInAsNew(page: Page, request: APIRequestContext, role: 'teacher' | 'student') {
  const password = await demoPassword(request);
  const email = `new.${role}.${Date.now()}@school.test`;
  const fullName = role === 'teacher' ? 'Jordan New-Teacher' : 'Riley New-Student';
  await apiSignUp(request, { email, password, full_name: fullName, role });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`/${role}/dashboard`);
}

test('A new teacher sees empty dashboards and lists that say how to begin', async ({
  page,
  request,
}) => {
  await signInAsNew(page, request, 'teacher');
  const recentCourses = page.getByRole('region', { name: 'Recent Courses' });
  await expect(recentCourses.getByText('No courses yet')).toBeVisible();
  await expect(recentCourses.getByRole('link', { name: 'Create Course' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Recent Submissions' }).getByText('No submissions yet'),
  ).toBeVisible();
  await expectAccessible(page, 'Teacher Dashboard, no courses');

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My Courses' })
    .click();
  await expect(page.getByText('No courses yet')).toBeVisible();
  await expect(page.getByText('Get started by creating your first course')).toBeVisible();
  await expectAccessible(page, 'My Courses (teacher), no courses');
});

test('A new student sees empty dashboards and every course as available', async ({
  page,
  request,
}) => {
  await signInAsNew(page, request, 'student');
  await expect(page.getByText('No upcoming assignments')).toBeVisible();
  await expectAccessible(page, 'Student Dashboard, nothing yet');

  await page.getByRole('link', { name: 'Browse Courses' }).click();
  await expect(page.getByText('No enrolled courses')).toBeVisible();
  await expect(page.getByText('Browse available courses below to get started')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Available Courses' }).getByRole('article').first(),
  ).toBeVisible();
  await expectAccessible(page, 'My Courses (student), not enrolled anywhere');
});

test("A teacher's dashboard and course list that fail to load say so, with a retry", async ({
  page,
}) => {
  await signInAs(page, demoAccounts.teacher);
  await page.route('**/api/dashboard', (route) => route.fulfill(serverError));
  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'Failed to load dashboard data. Please refresh the page.' }),
  ).toBeVisible(patient);
  await expectToast(page, 'Failed to load dashboard data. Please refresh the page.');
  await expectAccessible(page, 'Teacher Dashboard, failed to load');
  await page.unroute('**/api/dashboard');

  await page.route('**/api/courses', (route) => route.fulfill(serverError));
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My Courses' })
    .click();
  await expect(
    page.getByRole('heading', { name: 'Failed to load courses. Please try again.' }),
  ).toBeVisible(patient);
  await expectAccessible(page, 'My Courses (teacher), failed to load');
  await page.unroute('**/api/courses');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('link').filter({ hasText: 'CS500' })).toBeVisible();
});

test("A student's dashboard and course list that fail to load say so", async ({ page }) => {
  await signInAs(page, demoAccounts.alex);
  await page.route('**/api/dashboard', (route) => route.fulfill(serverError));
  await page.reload();
  await expect(page.getByText('Dashboard unavailable')).toBeVisible(patient);
  await expectAccessible(page, 'Student Dashboard, failed to load');
  await page.unroute('**/api/dashboard');

  await page.route('**/api/courses**', (route) => route.fulfill(serverError));
  await page.getByRole('link', { name: 'Browse Courses' }).click();
  await expect(page.getByText('Courses unavailable').first()).toBeVisible(patient);
  await expectAccessible(page, 'My Courses (student), failed to load');
});
