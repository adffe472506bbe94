import type { Locator, Page } from '@playwright/test';
import { reportPdf } from './fixtures/files';
import { apiCall, apiSignIn, apiSignUp, createLateSubmission, demoPassword } from './support/api';
import { expectAccessible } from './support/axe';
import { demoAccounts, signInAs } from './support/demo-accounts';
import { expect, test } from './support/test';
import { expectToast } from './support/toasts';

const RUBRIC = [
  '## Breadth-first search (40 points)',
  '- Visits the graph level by level from the start vertex',
  '- Uses a queue',
  '',
  '## Depth-first search (40 points)',
  '- Follows one path as far as it goes, then backtracks',
  '- Uses a stack',
  '',
  '## Presentation (20 points)',
  '- Clear, readable report',
].join('\n');

/**
 * Console errors and CSP reports of the page (pdf.js runs under a strict CSP). A refused API
 * call a test provokes on purpose is logged by the browser too; those are left out.
 */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (text.includes('Failed to load resource: the server responded with a status of')) return;
    if (message.type() === 'error' || /content security policy/i.test(text)) problems.push(text);
  });
  return problems;
}

const pdfPages = (page: Page) => page.getByRole('region', { name: 'PDF pages' });
const gradeInput = (page: Page) => page.getByRole('spinbutton', { name: 'Grade' });
const analysisPanel = (page: Page) => page.getByRole('region', { name: "Mylo's Analysis" });
const breakdownRow = (page: Page, criterion: string): Locator =>
  analysisPanel(page)
    .getByRole('region', { name: 'Rubric Breakdown' })
    .getByRole('listitem', { name: criterion });

/** Every page drawn: one canvas per page, each with pixels on it. */
async function expectPdfPagesDrawn(page: Page, count: number) {
  await expect(page.getByText(`${count} pages`, { exact: true })).toBeVisible();
  const canvases = pdfPages(page).locator('canvas');
  await expect(canvases).toHaveCount(count);
  for (const canvas of await canvases.all()) {
    await expect
      .poll(() => canvas.evaluate((node: HTMLCanvasElement) => node.width * node.height))
      .toBeGreaterThan(0);
  }
}

/** Runs Grade with Mylo, holding the answer back long enough to see the busy state. */
async function gradeWithMylo(page: Page) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/agent/grade-submission', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Grade with Mylo' }).click();
  await expect(page.getByText('Mylo is reading the submission…').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mylo is grading...' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Submit Grade' })).toBeDisabled();
  await expectAccessible(page, 'submission review while Mylo grades');
  release();
  await expectToast(page, 'Auto-grading completed!');
  await page.unroute('**/api/agent/grade-submission');
  await expect(analysisPanel(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Grade with Mylo' })).toHaveCount(0);
  // Its button is gone: focus moves to the analysis it produced.
  await expect(analysisPanel(page).getByRole('heading', { name: "Mylo's Analysis" })).toBeFocused();
  await expectAccessible(page, "submission review with Mylo's analysis");
}

async function signOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
}

test("A teacher reviews Sam's late Lab 1: the PDF, its text and Mylo's analysis, and leaves without saving", async ({
  page,
}) => {
  const problems = watchConsole(page);
  await signInAs(page, demoAccounts.teacher);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My Courses' })
    .click();
  await page.getByRole('link').filter({ hasText: 'CS500' }).click();
  await page.getByRole('link', { name: 'View Lab 1: Prompting a CLI Tool into Existence' }).click();
  await page.getByRole('tab', { name: /^Submissions/ }).click();
  await page.getByRole('link').filter({ hasText: 'Sam Patel' }).click();

  await expect(page).toHaveURL(/\/submissions\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sam Patel' })).toBeFocused();
  await expect(page.getByText('sam.patel@school.test')).toBeVisible();
  await expect(page.getByText(/^Submitted .+Late$/)).toBeVisible();
  await expect(page.getByText('Lab 1 Report - Sam Patel.pdf')).toBeVisible();

  await test.step('shows every page of the PDF, zooms and downloads it', async () => {
    await expectPdfPagesDrawn(page, 2);
    await expectAccessible(page, 'submission review with the PDF');
    const firstPage = pdfPages(page).locator('canvas').first();
    const widthAt100 = (await firstPage.boundingBox())?.width ?? 0;
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(page.getByRole('button', { name: /^Zoom 125%/ })).toBeVisible();
    await expect
      .poll(async () => (await firstPage.boundingBox())?.width ?? 0)
      .toBeGreaterThan(widthAt100 * 1.2);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect(page.getByRole('button', { name: /^Zoom 75%/ })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    expect((await download).suggestedFilename()).toBe('Lab 1 Report - Sam Patel.pdf');
  });

  await test.step('shows the extracted text on request', async () => {
    const text = page.locator('details').getByText(/The tool has to read a CSV file/);
    await expect(text).toBeHidden();
    await page.getByText('Text Content', { exact: true }).click();
    await expect(text).toBeVisible();
    await expectAccessible(page, 'submission review with the text content open');
  });

  await test.step('checks the grade before it can be submitted', async () => {
    const submit = page.getByRole('button', { name: 'Submit Grade' });
    await expect(submit).toBeDisabled();
    await gradeInput(page).fill('100.5');
    await expect(page.getByText('Grade must be between 0 and 100.')).toBeVisible();
    await expect(submit).toBeDisabled();
    await expectAccessible(page, 'submission review with an invalid grade');
    await gradeInput(page).fill('72.5');
    await expect(page.getByText('Grade must be between 0 and 100.')).toHaveCount(0);
    await expect(page.getByText('72.5%', { exact: true })).toBeVisible();
    await expect(submit).toBeEnabled();
    await page.getByRole('button', { name: 'Full Points' }).click();
    await expect(gradeInput(page)).toHaveValue('100');
  });

  await test.step("Mylo's suggestion fills the form, unsaved, until it is cleared", async () => {
    await gradeWithMylo(page);
    const panel = analysisPanel(page);
    await expect(panel.getByText('Unsaved suggestion')).toBeVisible();
    await expect(panel.getByText('offline rubric matcher')).toBeVisible();
    await expect(breakdownRow(page, 'Problem analysis')).toContainText(/\/ 20/);
    await expect(breakdownRow(page, 'Problem analysis')).toContainText('Evidence:');
    // Sam's report is strong: Mylo names what it does well and stops short of full marks.
    await expect(panel.getByRole('heading', { name: 'Strengths' })).toBeVisible();
    await expect(gradeInput(page)).not.toHaveValue('100');

    await panel.getByRole('button', { name: 'Clear Auto-Grade' }).click();
    await expect(panel).toHaveCount(0);
    await expect(gradeInput(page)).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Grade with Mylo' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Grade with Mylo' })).toBeFocused();
  });

  await test.step('a grader failure is reported and changes nothing', async () => {
    await page.route('**/api/agent/grade-submission', (route) =>
      route.fulfill({
        status: 422,
        json: { error: { code: 'AUTO_GRADE_FAILED', message: 'The model did not answer.' } },
      }),
    );
    await page.getByRole('button', { name: 'Grade with Mylo' }).click();
    await expectToast(page, 'Failed to auto-grade: The model did not answer.');
    await expect(analysisPanel(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Grade with Mylo' })).toBeFocused();
    await page.unroute('**/api/agent/grade-submission');
  });

  // Nothing was submitted: the submission is still waiting for its grade.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sam Patel' })).toBeVisible();
  await expect(page.getByText('Not graded yet.')).toBeVisible();
  await expectPdfPagesDrawn(page, 2);
  expect(problems).toEqual([]);
});

test('A teacher grades with Mylo and a quick grade, and the student sees the detailed feedback', async ({
  page,
  request,
}) => {
  const problems = watchConsole(page);
  const report = await reportPdf('graph-traversal.pdf', 'Graph Traversal', 4);
  const work = await createLateSubmission(request, {
    title: `Grading Studio ${Date.now()}`,
    rubric: RUBRIC,
    file: report,
  });
  try {
    await signInAs(page, demoAccounts.teacher);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'My Courses' })
      .click();
    await page.getByRole('link').filter({ hasText: work.courseTitle }).click();
    await page.getByRole('link', { name: `View ${work.assignmentTitle}` }).click();
    await page.getByRole('tab', { name: 'Submissions (1)' }).click();
    const row = page.getByRole('link').filter({ hasText: 'Sam Patel' });
    await expect(row).toContainText('Late');
    await expect(row).toContainText('Pending');
    await row.click();

    await expect(page).toHaveURL(work.reviewPath);
    await expect(page.getByText(/^Submitted .+Late$/)).toBeVisible();
    await expectPdfPagesDrawn(page, 4);

    await gradeWithMylo(page);
    await expect(analysisPanel(page).getByText('Unsaved suggestion')).toBeVisible();
    await expect(breakdownRow(page, 'Breadth-first search')).toContainText(/\/ 40/);
    await expect(breakdownRow(page, 'Depth-first search')).toBeVisible();

    await page.getByRole('button', { name: 'B (80%)' }).click();
    await expect(gradeInput(page)).toHaveValue('80');
    await expect(page.getByText('80%', { exact: true })).toBeVisible();
    await page.getByLabel('Show detailed feedback to student').check();
    await page.getByRole('button', { name: 'Submit Grade' }).click();
    await expectToast(page, 'Grade submitted successfully!');

    // The saved values are the new baseline, and the analysis is now saved with the grade.
    await expect(page.getByRole('button', { name: 'Submit Grade' })).toBeDisabled();
    await expect(analysisPanel(page).getByText('Saved with the grade')).toBeVisible();
    await expect(page.getByText('Unsaved suggestion')).toHaveCount(0);
    await expect(page.getByText(/^Saved grade 80 \/ 100/)).toBeVisible();
    // 'Submit Grade' is disabled now: focus moves to the saved grade it reports.
    await expect(page.getByText(/^Saved grade 80 \/ 100/)).toBeFocused();
    await expectAccessible(page, 'submission review after the grade is saved');

    await signOut(page);
    await signInAs(page, demoAccounts.sam);
    await page.goto(work.studentPath);
    await page.getByRole('tab', { name: 'Submit Assignment' }).click();
    await expect(page.getByRole('heading', { name: 'Your Detailed Feedback' })).toBeVisible();
    await expect(page.getByText('80 / 100').first()).toBeVisible();
    await expectAccessible(page, 'student assignment page, graded with detailed feedback');
    await expect(page.getByRole('heading', { name: 'Grade Breakdown' })).toBeVisible();
    await expect(page.getByText('Breadth-first search', { exact: true })).toBeVisible();
    expect(problems).toEqual([]);
  } finally {
    await work.remove();
  }
});

test('With the detailed feedback hidden, the student sees only the instructor feedback', async ({
  page,
  request,
}) => {
  const feedback = 'Clear comparison of BFS and DFS. Next time, trace both on a weighted graph.';
  const work = await createLateSubmission(request, {
    title: `Grading Studio ${Date.now()}`,
    rubric: RUBRIC,
    file: await reportPdf('graph-traversal.pdf', 'Graph Traversal', 2),
  });
  try {
    await signInAs(page, demoAccounts.teacher);
    await page.goto(work.reviewPath);
    await gradeWithMylo(page);

    const showDetailed = page.getByLabel('Show detailed feedback to student');
    await expect(showDetailed).not.toBeChecked();
    await page.getByRole('button', { name: 'C (70%)' }).click();
    await page.getByLabel('Feedback (optional)').fill(feedback);
    await page.getByRole('button', { name: 'Submit Grade' }).click();
    await expectToast(page, 'Grade submitted successfully!');

    await signOut(page);
    await signInAs(page, demoAccounts.sam);
    await page.goto(work.studentPath);
    await page.getByRole('tab', { name: 'Submit Assignment' }).click();
    await expect(page.getByText('Instructor Feedback:')).toBeVisible();
    await expect(page.getByText(feedback)).toBeVisible();
    await expectAccessible(page, 'student assignment page, graded with instructor feedback');
    await expect(page.getByRole('heading', { name: 'Your Detailed Feedback' })).toHaveCount(0);
  } finally {
    await work.remove();
  }
});

test('Another teacher cannot open a submission of a course that is not theirs', async ({
  page,
  request,
}) => {
  const password = await demoPassword(request);
  const maya = await apiSignIn(request, demoAccounts.teacher.email, password);
  const dashboard = await apiCall<{
    recent_submissions: Array<{ id: string; course_id: string; assignment_id: string }>;
  }>(request, maya, 'GET', '/api/dashboard');
  const submission = dashboard.recent_submissions[0];
  if (!submission) throw new Error('The demo teacher has no submissions.');

  const email = `other.teacher.${Date.now()}@school.test`;
  await apiSignUp(request, { email, password, full_name: 'Other Teacher', role: 'teacher' });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/teacher/dashboard');

  await page.goto(
    `/teacher/courses/${submission.course_id}/assignments/${submission.assignment_id}/submissions/${submission.id}`,
  );
  await expectToast(page, 'You do not have access to this course.');
  await expect(page).toHaveURL('/teacher/courses');
  await expect(page.getByRole('heading', { name: 'My Courses' })).toBeVisible();
});

test('A PDF the viewer cannot read shows the failure and offers the download', async ({ page }) => {
  await signInAs(page, demoAccounts.teacher);
  // The stored file's bytes arrive damaged.
  await page.route('**/api/files/signed/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/pdf', body: 'not a PDF at all' }),
  );
  await page
    .getByRole('region', { name: 'Recent Submissions' })
    .getByRole('link')
    .filter({ hasText: 'Lab 1 Report - Sam Patel.pdf' })
    .click();

  await expect(page.getByText('Failed to load PDF')).toBeVisible();
  await expectToast(page, 'PDF Error:');
  await expectAccessible(page, 'submission review, PDF failed to load');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'try downloading' }).click();
  expect((await download).suggestedFilename()).toBe('Lab 1 Report - Sam Patel.pdf');
});

test("A submission that does not exist in the teacher's own course says the submission failed to load", async ({
  page,
  request,
}) => {
  const password = await demoPassword(request);
  const maya = await apiSignIn(request, demoAccounts.teacher.email, password);
  const dashboard = await apiCall<{
    recent_submissions: Array<{ course_id: string; assignment_id: string }>;
  }>(request, maya, 'GET', '/api/dashboard');
  const known = dashboard.recent_submissions[0];
  if (!known) throw new Error('The demo teacher has no submissions.');

  await signInAs(page, demoAccounts.teacher);
  await page.goto(
    `/teacher/courses/${known.course_id}/assignments/${known.assignment_id}/submissions/00000000-0000-4000-8000-000000000000`,
  );
  await expectToast(page, 'Failed to load submission data. Please try again.');
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Failed to load submission data. Please try again.',
    }),
  ).toBeVisible();
  await expect(page.getByText('You do not have access to this course.')).toHaveCount(0);
  await expectAccessible(page, 'submission review, submission not found');
  await page.getByRole('link', { name: 'Back to Assignment' }).click();
  await expect(page.getByRole('tab', { name: /^Submissions/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});
