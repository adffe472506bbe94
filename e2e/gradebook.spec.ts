import { reportPdf } from './fixtures/files';
import { createClassOfStudents } from './support/api';
import { expectAccessible } from './support/axe';
import { demoAccounts, signInAs } from './support/demo-accounts';
import { expect, test } from './support/test';
import { signOut, signInAsStudent, openOwnSubmission } from './support/students';
import { expectToast } from './support/toasts';

const RUBRIC = ['## Analysis (60 points)', '## Writing (40 points)'].join('\n');
const GRADES = ['81', '67.5'];

test('A teacher holds grades back, releases them, and reads the class in the gradebook', async ({
  page,
  request,
}) => {
  const report = await reportPdf('release-report.pdf', 'Release Report', 2);
  const work = await createClassOfStudents(request, {
    title: `Gradebook ${Date.now()}`,
    rubric: RUBRIC,
    file: report,
    count: 2,
  });
  const submissionsTab = `${work.assignmentPath}?tab=submissions`;
  try {
    await test.step('the teacher chooses manual release when editing the assignment', async () => {
      await signInAs(page, demoAccounts.teacher);
      await page.goto(`${work.assignmentPath}/edit`);
      await page.getByLabel('Grade Release').selectOption('manual');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page).toHaveURL(work.assignmentPath);
      await page.goto(submissionsTab);
      await expect(page.getByRole('heading', { name: 'Grade release: manual' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Release grades' })).toBeDisabled();
    });

    await test.step('the teacher grades both students; the grades stay hidden', async () => {
      for (const [index, student] of work.students.entries()) {
        await page.goto(submissionsTab);
        await page.getByRole('link', { name: new RegExp(student.full_name) }).click();
        await page.getByRole('spinbutton', { name: 'Grade', exact: true }).fill(GRADES[index]!);
        await page.getByRole('button', { name: 'Submit Grade' }).click();
        await expectToast(page, 'Grade submitted successfully!');
      }
      await page.goto(submissionsTab);
      await expect(page.getByText('0 grades released to students, 2 grades hidden.')).toBeVisible();
      await expect(page.getByText('Hidden from student')).toHaveCount(2);
      await expectAccessible(page, 'submissions tab with manual release, grades hidden');
    });

    await test.step("each student sees 'Awaiting Grade', not the grade", async () => {
      await signOut(page);
      for (const [index, student] of work.students.entries()) {
        await signInAsStudent(page, student);
        await openOwnSubmission(page, work);
        await expect(page.getByRole('region', { name: 'Awaiting Grade' })).toBeVisible();
        await expect(page.getByText('Grade Received')).toHaveCount(0);
        await expect(page.getByText(`${GRADES[index]} / 100`)).toHaveCount(0);
        await signOut(page);
      }
    });

    await test.step('the teacher releases the grades', async () => {
      await signInAs(page, demoAccounts.teacher);
      await page.goto(submissionsTab);
      await page.getByRole('button', { name: 'Release grades' }).click();
      await expectToast(page, 'Grades released to students.');
      await expect(page.getByText('2 grades released to students, 0 grades hidden.')).toBeVisible();
      await expect(page.getByText('Released', { exact: true })).toHaveCount(2);
      await expect(page.getByRole('button', { name: 'Hide grades' })).toBeVisible();
      await expectAccessible(page, 'submissions tab with manual release, grades released');
      await signOut(page);
    });

    await test.step('each student now sees their grade', async () => {
      for (const [index, student] of work.students.entries()) {
        await signInAsStudent(page, student);
        await openOwnSubmission(page, work);
        const grade = page.getByRole('region', { name: 'Grade Received' });
        await expect(grade).toContainText(`${GRADES[index]} / 100`);
        await signOut(page);
      }
    });

    await test.step('the teacher opens the gradebook from the course page', async () => {
      await signInAs(page, demoAccounts.teacher);
      await page.goto(`/teacher/courses/${work.courseId}`);
      await page.getByRole('link', { name: 'Gradebook' }).click();
      await expect(page).toHaveURL(`/teacher/courses/${work.courseId}/gradebook`);
      await expect(page.getByRole('heading', { level: 1, name: 'Gradebook' })).toBeFocused();
      const table = page.getByRole('table', { name: /^Grades of Gradebook/ });
      for (const [index, student] of work.students.entries()) {
        const row = table.getByRole('row', { name: new RegExp(student.full_name) });
        await expect(row).toContainText(`${GRADES[index]} / 100`);
        await expect(row).toContainText('Released');
        await expect(row).toContainText(`${GRADES[index]}%`);
      }
      await expect(table.getByRole('row', { name: /Class mean/ })).toContainText('74.25 / 100');
      const region = page.getByRole('region', { name: /^Grades of Gradebook/ });
      await region.focus();
      await expect(region).toBeFocused();
      await expectAccessible(page, 'gradebook with released grades');
    });

    await test.step('the teacher downloads the gradebook as CSV', async () => {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^Gradebook \d+ gradebook\.csv$/);
    });
  } finally {
    await work.remove();
  }
});
