import type { Page } from '@playwright/test';
import { reportPdf } from './fixtures/files';
import { createClassOfStudents } from './support/api';
import { demoAccounts, signInAs } from './support/demo-accounts';
import { expect, test } from './support/test';
import { expectAccessible } from './support/axe';
import { expectToast } from './support/toasts';

const RUBRIC = [
  '## Breadth-first search (40 points)',
  '## Depth-first search (40 points)',
  '## Writing (20 points)',
].join('\n');

const rubricRow = (page: Page, criterion: string) =>
  page.getByRole('group', { name: 'Rubric' }).getByRole('spinbutton', { name: criterion });
const reviewedCount = (page: Page) =>
  page.getByRole('navigation', { name: 'Submissions of this assignment' });

test('A teacher grades a whole class with Mylo, reviews it by keyboard with the rubric rows, and the student sees the grade', async ({
  page,
  request,
}) => {
  const report = await reportPdf('graph-traversal.pdf', 'Graph Traversal', 2);
  const work = await createClassOfStudents(request, {
    title: `Class Grading ${Date.now()}`,
    rubric: RUBRIC,
    file: report,
    count: 3,
  });
  try {
    await signInAs(page, demoAccounts.teacher);
    await page.goto(`${work.assignmentPath}?tab=submissions`);

    await test.step('starts Grade all and watches the progress reach done', async () => {
      const panel = page.getByRole('region', { name: 'Grade the class with Mylo' });
      await expect(panel).toContainText('3 submissions to grade have no suggestion yet.');
      await expectAccessible(page, 'submissions tab, class not graded by Mylo yet');
      await panel.getByRole('button', { name: 'Grade all with Mylo' }).click();
      await expectToast(page, 'Mylo is grading 3 submissions.');
      await expect(panel).toContainText('3 of 3 done', { timeout: 30_000 });
      await expect(
        panel.getByRole('progressbar', { name: "Mylo's grading progress" }),
      ).toHaveAttribute('aria-valuenow', '100');
      await expect(page.getByText(/Mylo suggests \d+(\.5)?\/100/)).toHaveCount(3);
      await expect(panel.getByRole('button', { name: 'Grade all with Mylo' })).toBeDisabled();
      await expectAccessible(page, "submissions tab with Mylo's suggestions on every row");
    });

    await test.step('reviews by keyboard: uses the suggestion, changes a rubric row, submits, moves on', async () => {
      await page.getByRole('link', { name: 'Start reviewing' }).click();
      await expect(reviewedCount(page)).toContainText('0 of 3 reviewed');
      await expect(page.getByText('Suggested, not in the form yet')).toBeVisible();
      await expectAccessible(page, 'submission review with a stored suggestion waiting');
      await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
      await expect(page.getByRole('region', { name: 'Keyboard shortcuts' })).toBeVisible();
      await expectAccessible(page, 'submission review with the keyboard shortcuts listed');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'Keyboard shortcuts' })).toBeFocused();

      await page.keyboard.press('Alt+KeyA');
      await expect(page.getByText('Unsaved suggestion.')).toBeVisible();
      await expectAccessible(page, 'submission review with the rubric rows filled from Mylo');
      const suggested = Number(await rubricRow(page, 'Writing').inputValue());
      await rubricRow(page, 'Writing').focus();
      await page.keyboard.press('ControlOrMeta+KeyA');
      await page.keyboard.type('20');
      const breadth = Number(await rubricRow(page, 'Breadth-first search').inputValue());
      const depth = Number(await rubricRow(page, 'Depth-first search').inputValue());
      await expect(page.getByRole('spinbutton', { name: 'Grade', exact: true })).toHaveValue(
        String(breadth + depth + 20),
      );
      expect(suggested).toBeGreaterThanOrEqual(0);
      await page.keyboard.press('ControlOrMeta+Enter');
      await expectToast(page, 'Grade submitted successfully!');
      await expect(reviewedCount(page)).toContainText('1 of 3 reviewed');

      await page.keyboard.press('Alt+KeyN');
      await expect(reviewedCount(page)).toContainText('1 of 3 reviewed');
      await expect(page.getByText('Suggested, not in the form yet')).toBeVisible();
      await page.keyboard.press('Alt+KeyA');
      await page.keyboard.press('ControlOrMeta+Enter');
      await expectToast(page, 'Grade submitted successfully!');
      await expect(reviewedCount(page)).toContainText('2 of 3 reviewed');
    });

    await test.step('moving on with an unsaved grade asks first', async () => {
      await page.keyboard.press('Alt+KeyN');
      await expect(page.getByText('Suggested, not in the form yet')).toBeVisible();
      await page.keyboard.press('Alt+KeyA');
      await page.keyboard.press('Alt+KeyP');
      const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
      await expect(dialog).toBeVisible();
      await expectAccessible(page, 'leave without saving? dialog');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Unsaved suggestion.')).toBeVisible();
      await page.keyboard.press('ControlOrMeta+Enter');
      await expectToast(page, 'Grade submitted successfully!');
      await expect(reviewedCount(page)).toContainText('3 of 3 reviewed');
    });

    await test.step('sees the agreement panel with the grades compared', async () => {
      await page.goto(`${work.assignmentPath}?tab=submissions`);
      const agreement = page.getByRole('region', { name: 'Mylo and your grades' });
      await expect(agreement).toContainText('3 submissions');
      await expect(agreement.getByRole('table')).toContainText('Writing');
      await expect(agreement.getByRole('heading', { name: 'Largest disagreements' })).toBeVisible();
      await expectAccessible(page, 'submissions tab with the agreement panel');
    });

    await test.step('the student sees the grade', async () => {
      await page.getByRole('button', { name: 'Logout' }).click();
      const student = work.students[0]!;
      await page.getByLabel('Email').fill(student.email);
      await page.getByLabel('Password').fill(student.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('heading', { name: 'Student Dashboard' })).toBeVisible();
      await page.goto(`/student/courses/${work.courseId}/assignments/${work.assignmentId}`);
      await page.getByRole('tab', { name: 'Submit Assignment' }).click();
      await expect(page.getByText('Grade Received')).toBeVisible();
    });
  } finally {
    await work.remove();
  }
});
