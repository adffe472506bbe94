import type { Page } from '@playwright/test';
import { reportPdf } from './fixtures/files';
import { createClassOfStudents } from './support/api';
import { expectAccessible } from './support/axe';
import { demoAccounts, signInAs } from './support/demo-accounts';
import { expect, test } from './support/test';
import { signOut, signInAsStudent, openOwnSubmission } from './support/students';
import { expectToast } from './support/toasts';

const RUBRIC = ['## Analysis (60 points)', '## Writing (40 points)'].join('\n');
const REASON = 'My comparison of BFS and DFS is on page 2, but the feedback says it is missing.';
const NOTE = 'You are right: the comparison is there. Raised to 85.';

async function openRegradeRequests(page: Page): Promise<number> {
  const card = page.getByRole('group', { name: 'Open regrade requests', exact: true });
  return Number((await card.innerText()).replace('Open regrade requests', '').trim());
}

test('A student asks for a regrade and the teacher answers it', async ({ page, request }) => {
  const report = await reportPdf('regrade-report.pdf', 'Regrade Report', 2);
  const work = await createClassOfStudents(request, {
    title: `Regrades ${Date.now()}`,
    rubric: RUBRIC,
    file: report,
    count: 1,
  });
  const student = work.students[0]!;
  const reviewLink = () => page.getByRole('link', { name: new RegExp(student.full_name) });
  try {
    await test.step('the teacher grades the work', async () => {
      await signInAs(page, demoAccounts.teacher);
      await page.goto(`${work.assignmentPath}?tab=submissions`);
      await reviewLink().click();
      await page.getByRole('spinbutton', { name: 'Grade', exact: true }).fill('70');
      await page.getByRole('button', { name: 'Submit Grade' }).click();
      await expectToast(page, 'Grade submitted successfully!');
      await signOut(page);
    });

    let openBefore = 0;
    await test.step('the student files a regrade request naming a criterion', async () => {
      await signInAsStudent(page, student);
      await openOwnSubmission(page, work);
      await expect(page.getByRole('region', { name: 'Grade Received' })).toContainText('70 / 100');
      await page.getByRole('button', { name: 'Request Regrade' }).click();
      const reason = page.getByRole('textbox', { name: 'Why should your work be regraded?' });
      await expect(reason).toBeFocused();
      // Sending without a reason says what is missing and keeps focus on the field.
      await page.getByRole('button', { name: 'Send Request' }).click();
      await expect(page.getByText('A reason is required.')).toBeVisible();
      await expect(reason).toBeFocused();
      await reason.fill(REASON);
      await expect(page.getByText(`${REASON.length} / 2,000 characters`)).toBeVisible();
      await page.getByRole('checkbox', { name: 'Analysis' }).check();
      await expectAccessible(page, 'student regrade request form');
      await page.getByRole('button', { name: 'Send Request' }).click();
      await expectToast(page, 'Regrade request sent.');
      await expect(page.getByRole('heading', { name: 'Regrade Request' })).toBeFocused();
      const regrade = page.getByRole('region', { name: 'Regrade Request' });
      await expect(regrade).toContainText('Awaiting answer');
      await expect(regrade).toContainText(REASON);
      await expect(regrade.getByRole('listitem')).toHaveText(['Analysis']);
      await expect(page.getByRole('button', { name: 'Request Regrade' })).toHaveCount(0);
      await expectAccessible(page, 'student regrade request awaiting an answer');
      await signOut(page);
    });

    await test.step('the teacher sees it on the dashboard and answers it, changing the grade', async () => {
      await signInAs(page, demoAccounts.teacher);
      await page.goto('/teacher/dashboard');
      openBefore = await openRegradeRequests(page);
      expect(openBefore).toBeGreaterThan(0);
      await page.goto(`${work.assignmentPath}?tab=submissions`);
      await reviewLink().click();
      const regrade = page.getByRole('region', { name: 'Regrade Request' });
      await expect(regrade).toContainText(REASON);
      await expect(regrade.getByRole('listitem')).toHaveText(['Analysis']);
      await expectAccessible(page, 'review screen with an open regrade request');
      await page.getByRole('textbox', { name: 'Note to the student' }).fill(NOTE);
      await page.getByRole('radio', { name: 'Change grade' }).check();
      await page.getByRole('spinbutton', { name: 'New grade (out of 100)' }).fill('85');
      await page.getByRole('button', { name: 'Send Answer' }).click();
      await expectToast(page, 'Regrade answered and the grade changed.');
      await expect(regrade).toContainText('Grade changed.');
      await expect(regrade).toContainText(NOTE);
      await expect(page.getByRole('spinbutton', { name: 'Grade', exact: true })).toHaveValue('85');
      await expectAccessible(page, 'review screen with an answered regrade request');
      await page.goto('/teacher/dashboard');
      await expect.poll(() => openRegradeRequests(page)).toBe(openBefore - 1);
      await signOut(page);
    });

    await test.step('the student sees the answer and the new grade', async () => {
      await signInAsStudent(page, student);
      await openOwnSubmission(page, work);
      await expect(page.getByRole('region', { name: 'Grade Received' })).toContainText('85 / 100');
      const regrade = page.getByRole('region', { name: 'Regrade Request' });
      await expect(regrade).toContainText('Answered');
      await expect(regrade).toContainText('Your grade was changed.');
      await expect(regrade).toContainText(NOTE);
      await expectAccessible(page, 'student regrade request answered');
    });
  } finally {
    await work.remove();
  }
});
