import type { Locator, Page } from '@playwright/test';
import { demoAccounts, signInAs } from './support/demo-accounts';
import { expect, test } from './support/test';

/** The number a stat card shows under its label (a card is a group, or a link when it leads on). */
async function statValue(page: Page, label: string): Promise<number> {
  const card = page
    .getByRole('group', { name: label, exact: true })
    .or(page.getByRole('link', { name: new RegExp(`^${label} \\d+$`) }));
  return Number((await card.innerText()).replace(label, '').trim());
}

/**
 * Checks a toast, then waits for it to go: toasts sit at the bottom right, over the row buttons
 * the next step clicks (and a pointer resting on a toast keeps it open).
 */
async function expectToast(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(toast.first()).toBeVisible();
  // The pointer is often where the toast appeared (the submit button was bottom right too).
  await page.mouse.move(0, 0);
  await expect(toast).toHaveCount(0, { timeout: 10_000 });
}

/** The row of the course detail's assignment list that holds this title. */
const assignmentRow = (page: Page, title: string): Locator =>
  page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });

test('The teacher dashboard shows the demo courses, their counts and a submission to grade', async ({
  page,
}) => {
  await signInAs(page, demoAccounts.teacher);

  await expect(page.getByRole('link', { name: 'New Course' })).toHaveAttribute(
    'href',
    '/teacher/courses/new',
  );
  await expect(page.getByRole('link', { name: /Total Courses/ })).toHaveAttribute(
    'href',
    '/teacher/courses',
  );
  expect(await statValue(page, 'Total Courses')).toBeGreaterThan(0);
  expect(await statValue(page, 'Total Assignments')).toBeGreaterThan(0);
  expect(await statValue(page, 'Submissions to be graded')).toBeGreaterThan(0);
  // Only Total Courses is a link.
  await expect(page.getByRole('link', { name: /Total Assignments/ })).toHaveCount(0);

  const recentCourses = page.getByRole('region', { name: 'Recent Courses' });
  await expect(recentCourses.getByRole('link', { name: /CS500/ })).toBeVisible();
  await expect(recentCourses.getByRole('link', { name: 'View all' })).toHaveAttribute(
    'href',
    '/teacher/courses',
  );

  const recentSubmissions = page.getByRole('region', { name: 'Recent Submissions' });
  await expect(recentSubmissions.getByRole('listitem')).toHaveCount(3);
  await expect(recentSubmissions.getByText('Pending', { exact: true }).first()).toBeVisible();
  await expect(recentSubmissions.getByText(/^Submitted .+ by .+/).first()).toBeVisible();
  await expect(recentSubmissions.getByRole('link').first()).toHaveAttribute(
    'href',
    /^\/teacher\/courses\/[\w-]+\/assignments\/[\w-]+\/submissions\/[\w-]+$/,
  );
});

test('A teacher creates a course, builds and publishes an assignment with a rubric, then deletes both', async ({
  page,
}) => {
  const courseTitle = `Robotics Studio ${Date.now()}`;
  const renamedCourse = `${courseTitle} (Spring)`;
  // A long story, and each toast is waited out (see expectToast).
  test.setTimeout(120_000);
  await signInAs(page, demoAccounts.teacher);

  await test.step('creates a course and finds it under My Courses', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'My Courses' })
      .click();
    await expect(page.getByText('Manage your courses and assignments')).toBeVisible();
    await page.getByRole('link', { name: 'New Course' }).click();
    await expect(page.getByRole('heading', { name: 'Create New Course' })).toBeVisible();

    await page.getByLabel('Course Title', { exact: true }).fill('   ');
    await page.getByRole('button', { name: 'Create Course' }).click();
    await expect(page.getByText('Course title is required.')).toBeVisible();

    await page.getByLabel('Course Title', { exact: true }).fill(courseTitle);
    await page
      .getByLabel('Description', { exact: true })
      .fill('Build and program **small robots** in teams.');
    await page.getByRole('button', { name: 'Create Course' }).click();

    await expect(page).toHaveURL('/teacher/courses');
    await expect(page.getByRole('heading', { name: 'My Courses' })).toBeVisible();
    const card = page.getByRole('link').filter({ hasText: courseTitle });
    await expect(card).toContainText('0 Students');
    await expect(card).toContainText('0 Assignments');
    await card.click();
  });

  await test.step('opens the empty course', async () => {
    await expect(page.getByRole('heading', { level: 1, name: courseTitle })).toBeVisible();
    await expect(page.getByText('small robots')).toBeVisible();
    await expect(page.getByText('No assignments yet')).toBeVisible();
    await expect(page.getByText('Create your first assignment to get started.')).toBeVisible();
    expect(await statValue(page, 'Students Enrolled')).toBe(0);
  });

  await test.step('adds an assignment with a description, due date and rubric', async () => {
    await page.getByRole('link', { name: 'Create Assignment' }).click();
    await expect(page.getByRole('heading', { name: 'Create New Assignment' })).toBeVisible();

    await page.getByLabel('Total Points', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Create Assignment' }).click();
    await expect(page.getByText('Assignment title is required.')).toBeVisible();
    await expect(page.getByText('Total points must be greater than 0.')).toBeVisible();

    await page.getByLabel('Title', { exact: true }).fill('Lab 1: Line Follower');
    await page
      .getByLabel('Description', { exact: true })
      .fill('# The task\n\nMake the robot follow a **black line**.');
    await page
      .getByRole('group', { name: 'Description mode' })
      .getByRole('button', { name: 'Preview' })
      .click();
    await expect(page.getByRole('heading', { name: 'The task' })).toBeVisible();
    await page.getByLabel('Due Date', { exact: true }).fill('2030-05-01T17:00');
    await page.getByLabel('Total Points', { exact: true }).fill('50');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('draft');
    await page
      .getByLabel('Grading Rubric', { exact: true })
      .fill(
        '## Sensor wiring (20 points)\n- Both sensors read the line\n\n## Control loop (30 points)',
      );
    await page.getByRole('button', { name: 'Create Assignment' }).click();

    await expectToast(page, 'Assignment created successfully!');
    await expect(page.getByRole('heading', { level: 1, name: courseTitle })).toBeVisible();
    const row = assignmentRow(page, 'Lab 1: Line Follower');
    await expect(row).toContainText('draft');
    await expect(row).toContainText('Due: May 1, 2030, 5:00 PM');
    await expect(row).toContainText('50 points');
  });

  await test.step('adds a second assignment without a due date', async () => {
    await page.getByRole('link', { name: 'New Assignment' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Warm-up Quiz');
    await page.getByRole('button', { name: 'Create Assignment' }).click();
    await expectToast(page, 'Assignment created successfully!');
    const row = assignmentRow(page, 'Warm-up Quiz');
    await expect(row).toContainText('Due: No due date');
    await expect(row).toContainText('100 points');
    expect(await statValue(page, 'Total Points')).toBe(150);
  });

  await test.step('publishes the assignment', async () => {
    await assignmentRow(page, 'Lab 1: Line Follower').getByRole('link', { name: /^Edit/ }).click();
    await expect(page.getByRole('heading', { name: 'Edit Assignment' })).toBeVisible();
    await expect(page.getByLabel('Due Date', { exact: true })).toHaveValue('2030-05-01T17:00');
    await page.getByLabel('Status', { exact: true }).selectOption('published');
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await expectToast(page, 'Assignment updated successfully!');
    await expect(page.getByRole('heading', { name: 'Lab 1: Line Follower' })).toBeVisible();
    await expect(page.getByText('published', { exact: true }).first()).toBeVisible();
  });

  await test.step('edits the assignment', async () => {
    await page.getByRole('link', { name: 'Edit Assignment' }).click();
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('published');
    await page.getByLabel('Title', { exact: true }).fill('Lab 1: Line Follower Robot');
    await page.getByLabel('Total Points', { exact: true }).fill('60');
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await expectToast(page, 'Assignment updated successfully!');
    await expect(page.getByRole('heading', { name: 'Lab 1: Line Follower Robot' })).toBeVisible();
    await expect(page.getByText('60 points')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The task' })).toBeVisible();
  });

  await test.step('edits the rubric and saves it', async () => {
    await page.getByRole('tab', { name: 'Rubric' }).click();
    await expect(page.getByRole('heading', { name: 'Sensor wiring (20 points)' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit Rubric' }).click();
    await page
      .getByLabel('Grading Rubric', { exact: true })
      .fill('## Sensor wiring (20 points)\n- Both sensors read the line\n- Cables are labelled');
    await page.getByRole('button', { name: 'Save Rubric' }).click();

    await expectToast(page, 'Rubric saved successfully!');
    await expect(page.getByText('Cables are labelled')).toBeVisible();
  });

  await test.step('starts another rubric edit and cancels it', async () => {
    await page.getByRole('button', { name: 'Edit Rubric' }).click();
    await page.getByLabel('Grading Rubric', { exact: true }).fill('Nothing worth keeping');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await expect(page.getByText('Cables are labelled')).toBeVisible();
    await expect(page.getByText('Nothing worth keeping')).toHaveCount(0);
    // The saved rubric is what the server holds, not only what the screen remembers.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Rubric' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByText('Cables are labelled')).toBeVisible();
  });

  await test.step('sees no submissions yet', async () => {
    await page.getByRole('tab', { name: 'Submissions (0)' }).click();
    await expect(page.getByText('No submissions yet')).toBeVisible();
  });

  await test.step('deletes an assignment after the confirmation', async () => {
    await page.getByRole('link', { name: 'Back to Course' }).click();
    const quiz = assignmentRow(page, 'Warm-up Quiz');
    const messages: string[] = [];

    // Declining the confirmation keeps the assignment.
    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    await quiz.getByRole('button', { name: /^Delete/ }).click();
    await expect(quiz).toBeVisible();

    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.accept();
    });
    await quiz.getByRole('button', { name: /^Delete/ }).click();

    await expectToast(page, 'Assignment deleted successfully');
    await expect(quiz).toHaveCount(0);
    expect(messages).toEqual([
      'Are you sure you want to delete this assignment? This action cannot be undone.',
      'Are you sure you want to delete this assignment? This action cannot be undone.',
    ]);
    await expect(assignmentRow(page, 'Lab 1: Line Follower Robot')).toContainText('published');
    expect(await statValue(page, 'Assignments')).toBe(1);
    expect(await statValue(page, 'Total Points')).toBe(60);
  });

  await test.step('renames the course', async () => {
    await page.getByRole('link', { name: 'Edit Course' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Course' })).toBeVisible();
    await expect(page.getByLabel('Course Title', { exact: true })).toHaveValue(courseTitle);
    await page.getByLabel('Course Title', { exact: true }).fill(renamedCourse);
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await expectToast(page, 'Course updated successfully!');
    await expect(page.getByRole('heading', { level: 1, name: renamedCourse })).toBeVisible();
  });

  await test.step('deletes the course after the confirmation', async () => {
    await page.getByRole('link', { name: 'Edit Course' }).click();
    await page.getByRole('button', { name: 'Delete Course' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this course?' });
    await expect(dialog).toContainText('assignments, student submissions');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Delete Course' }).click();
    await dialog.getByRole('button', { name: 'Delete Course' }).click();

    await expectToast(page, 'Course deleted successfully');
    await expect(page).toHaveURL('/teacher/courses');
    await expect(page.getByRole('heading', { name: 'My Courses' })).toBeVisible();
    await expect(page.getByRole('heading', { name: renamedCourse })).toHaveCount(0);
    await expect(page.getByRole('link').filter({ hasText: 'CS500' })).toBeVisible();
  });
});

test('A course that does not exist shows the Course not found panel', async ({ page }) => {
  await signInAs(page, demoAccounts.teacher);
  await page.goto('/teacher/courses/00000000-0000-4000-8000-000000000000');

  await expect(page.getByText('Course not found')).toBeVisible();
  await expect(
    page.getByText("The course you're looking for doesn't exist or you don't have access to it."),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to Courses' }).click();
  await expect(page).toHaveURL('/teacher/courses');
});

test("The Submissions tab lists each student's work with its late marker, grade and review link", async ({
  page,
}) => {
  await signInAs(page, demoAccounts.teacher);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My Courses' })
    .click();
  await page.getByRole('link').filter({ hasText: 'CS500' }).click();
  await page.getByRole('link', { name: 'View Lab 1: Prompting a CLI Tool into Existence' }).click();

  await expect(page.getByRole('tab', { name: 'Assignment Info' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('tab', { name: 'Submissions (2)' }).click();

  const sam = page.getByRole('link').filter({ hasText: 'Sam Patel' });
  await expect(sam).toContainText('Late');
  await expect(sam).toContainText('Pending');
  const alex = page.getByRole('link').filter({ hasText: 'Alex Rivera' });
  await expect(alex).toContainText('87/100');
  await expect(alex).toContainText('Graded');
  await expect(alex).not.toContainText('Late');
  await expect(alex).toHaveAttribute(
    'href',
    /^\/teacher\/courses\/[\w-]+\/assignments\/[\w-]+\/submissions\/[\w-]+$/,
  );
});
