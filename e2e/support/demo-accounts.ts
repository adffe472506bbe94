import { expect, type Page } from '@playwright/test';

/** The seeded demo accounts (src/server/auth/demo-accounts.ts). */
export const demoAccounts = {
  teacher: { name: 'Dr. Maya Chen', email: 'maya.chen@school.test', role: 'Teacher' },
  alex: { name: 'Alex Rivera', email: 'alex.rivera@school.test', role: 'Student' },
  sam: { name: 'Sam Patel', email: 'sam.patel@school.test', role: 'Student' },
} as const;

export type DemoAccount = (typeof demoAccounts)[keyof typeof demoAccounts];

export const dashboardHeading = (account: DemoAccount) =>
  account.role === 'Teacher' ? 'Teacher Dashboard' : 'Student Dashboard';

export const dashboardPath = (account: DemoAccount) =>
  account.role === 'Teacher' ? '/teacher/dashboard' : '/student/dashboard';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Fills the form from the account's demo button, as a visitor would. */
export async function pickDemoAccount(page: Page, account: DemoAccount) {
  const name = new RegExp(`${escapeRegExp(account.name)}.*${account.role}`);
  await page.getByRole('button', { name }).click();
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
}

/** Signs in through the demo button and waits for the dashboard. */
export async function signInAs(page: Page, account: DemoAccount) {
  await page.goto('/login');
  await pickDemoAccount(page, account);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(dashboardPath(account));
  await expect(page.getByRole('heading', { name: dashboardHeading(account) })).toBeVisible();
}
