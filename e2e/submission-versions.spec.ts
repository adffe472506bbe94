import type { Page } from '@playwright/test';
import { reportPdf } from './fixtures/files';
import { createClassOfStudents } from './support/api';
import { expectAccessible } from './support/axe';
import { demoAccounts, signInAs } from './support/demo-accounts';
import { expect, test } from './support/test';
import { signOut, signInAsStudent } from './support/students';

const versionsList = (page: Page) => page.getByRole('region', { name: 'Versions' });

test('A resubmission keeps the first version; the teacher sees and opens both', async ({
  page,
  request,
}) => {
  const firstDraft = await reportPdf('first-draft.pdf', 'First Draft', 1);
  const finalReport = await reportPdf('final-report.pdf', 'Final Report', 2);
  const work = await createClassOfStudents(request, {
    title: `Versions ${Date.now()}`,
    rubric: '## Analysis (100 points)',
    file: firstDraft,
    count: 1,
  });
  const student = work.students[0]!;
  try {
    await test.step('the student resubmits and sees both of their versions', async () => {
      await signInAsStudent(page, student);
      await page.goto(`/student/courses/${work.courseId}/assignments/${work.assignmentId}`);
      await page.getByRole('tab', { name: 'Submit Assignment' }).click();
      await expect(versionsList(page)).toContainText('Version 1');
      await expect(versionsList(page)).toContainText('One file handed in.');

      await page.getByLabel('Choose a PDF file').setInputFiles(finalReport);
      await page.getByRole('button', { name: 'Upload File' }).click();
      await expect(page.getByText('File Uploaded Successfully', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Resubmit Assignment' }).click();
      await expect(page.getByText('Assignment submitted successfully!').first()).toBeVisible({
        timeout: 20_000,
      });

      const list = versionsList(page);
      await expect(list).toContainText('2 files handed in, newest first.');
      const rows = list.getByRole('listitem');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText('Version 2');
      await expect(rows.nth(0)).toContainText('Current');
      await expect(rows.nth(0)).toContainText('final-report.pdf');
      await expect(rows.nth(1)).toContainText('Version 1');
      await expect(rows.nth(1)).toContainText('first-draft.pdf');
      await expect(list.getByRole('button', { name: 'Download version 1' })).toBeVisible();
      await expectAccessible(page, 'student assignment page with two versions');
      await signOut(page);
    });

    await test.step('the teacher sees two versions and opens the first in the viewer', async () => {
      await signInAs(page, demoAccounts.teacher);
      await page.goto(`${work.assignmentPath}?tab=submissions`);
      await page.getByRole('link', { name: new RegExp(student.full_name) }).click();

      const list = versionsList(page);
      const rows = list.getByRole('listitem');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText('Version 2');
      await expect(rows.nth(0)).toContainText('Current');
      await expect(rows.nth(1)).toContainText('Version 1');
      await expect(rows.nth(1)).toContainText(`${Math.round(firstDraft.buffer.length / 1024)} KB`);
      await expect(rows.nth(1)).not.toContainText('Current');
      await expect(page.getByRole('heading', { name: 'Submitted File' })).toBeVisible();
      await expect(list.getByRole('button', { name: 'Viewing version 2' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.getByText('2 pages', { exact: true })).toBeVisible({ timeout: 20_000 });
      await expectAccessible(page, 'submission review with two versions');

      const viewFirst = list.getByRole('button', { name: 'View version 1' });
      await viewFirst.click();
      await expect(list.getByRole('button', { name: 'Viewing version 1' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.getByRole('heading', { name: 'Version 1 (earlier)' })).toBeVisible();
      await expect(page.getByText(/^first-draft\.pdf · \d+ KB$/)).toBeVisible();
      await expect(page.getByText('1 page', { exact: true })).toBeVisible({ timeout: 20_000 });
      await expectAccessible(page, 'submission review showing an earlier version');

      // Back to the current file, by keyboard.
      await list.getByRole('button', { name: 'View version 2' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: 'Submitted File' })).toBeVisible();
      await expect(page.getByText('2 pages', { exact: true })).toBeVisible({ timeout: 20_000 });
    });
  } finally {
    await work.remove();
  }
});
