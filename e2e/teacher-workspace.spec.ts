import type { Locator, Page } from '@playwright/test';
import { demoAccounts, signInAs } from './support/demo-accounts';
import { apiCall, apiSignIn, demoPassword } from './support/api';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/test';
import { expectToast } from './support/toasts';

/** The number a stat card shows under its label (a card is a group, or a link when it leads on). */
async function statValue(page: Page, label: string): Promise<number> {
  const card = page
    .getByRole('group', { name: label, exact: true })
    .or(page.getByRole('link', { name: new RegExp(`^${label} \\d+$`) }));
  return Number((await card.innerText()).replace(label, '').trim());
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
  await expectAccessible(page, 'Teacher Dashboard');
});

test('A course card counts one student and one assignment in the singular', async ({
  page,
  request,
}) => {
  const password = await demoPassword(request);
  const maya = await apiSignIn(request, demoAccounts.teacher.email, password);
  const sam = await apiSignIn(request, demoAccounts.sam.email, password);
  const title = `Seminar ${Date.now()}`;
  const course = await apiCall<{ id: string }>(request, maya, 'POST', '/api/courses', { title });
  try {
    await apiCall(request, maya, 'POST', `/api/courses/${course.id}/assignments`, {
      title: 'Reading 1',
      total_points: 10,
      status: 'draft',
    });
    await apiCall(request, sam, 'POST', `/api/courses/${course.id}/enrollments`);

    await signInAs(page, demoAccounts.teacher);
    await page.getByRole('link', { name: /^Total Courses/ }).click();
    const card = page.getByRole('link').filter({ hasText: title });
    await expect(card).toContainText(/1 Student(?!s)/);
    await expect(card).toContainText(/1 Assignment(?!s)/);
    await expectAccessible(page, 'My Courses (teacher)');
  } finally {
    await apiCall(request, maya, 'DELETE', `/api/courses/${course.id}`);
  }
});

test('A teacher creates a course, builds and publishes an assignment with a rubric, then deletes both', async ({
  page,
}) => {
  const courseTitle = `Robotics Studio ${Date.now()}`;
  const renamedCourse = `${courseTitle} (Spring)`;
  await signInAs(page, demoAccounts.teacher);

  await test.step('creates a course and finds it under My Courses', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'My Courses' })
      .click();
    await expect(page.getByText('Manage your courses and assignments')).toBeVisible();
    await page.getByRole('link', { name: 'New Course' }).click();
    await expect(page.getByRole('heading', { name: 'Create New Course' })).toBeVisible();
    await expectAccessible(page, 'Create New Course');

    const title = page.getByLabel('Course Title', { exact: true });
    await title.fill('   ');
    await page.getByRole('button', { name: 'Create Course' }).click();
    await expect(page.getByText('Course title is required.')).toBeVisible();
    await expect(title).toBeFocused();
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'Create New Course with an error');

    // The message goes as soon as the title is fixed, not at the next submit.
    await title.fill(courseTitle);
    await expect(page.getByText('Course title is required.')).toHaveCount(0);
    await expect(title).not.toHaveAttribute('aria-invalid');
    await page
      .getByLabel('Description', { exact: true })
      .fill('## About\n\nBuild and program **small robots** in teams.');
    await page
      .getByRole('group', { name: 'Description mode' })
      .getByRole('button', { name: 'Preview' })
      .click();
    await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
    await page.getByText('Markdown guide').click();
    await expectAccessible(page, 'Create New Course, preview and Markdown guide');
    await page.getByRole('button', { name: 'Create Course' }).click();

    await expect(page).toHaveURL('/teacher/courses');
    await expect(page.getByRole('heading', { name: 'My Courses' })).toBeVisible();
    const card = page.getByRole('link').filter({ hasText: courseTitle });
    await expect(card).toContainText('0 Students');
    await expect(card).toContainText('0 Assignments');
    // The card shows the description's words, not its Markdown.
    await expect(card).toContainText('About Build and program small robots in teams.');
    await expect(card).not.toContainText('**');
    await expect(card).not.toContainText('##');
    await card.click();
  });

  await test.step('opens the empty course', async () => {
    await expect(page.getByRole('heading', { level: 1, name: courseTitle })).toBeVisible();
    await expect(page.getByText('small robots')).toBeVisible();
    await expect(page.getByText('No assignments yet')).toBeVisible();
    await expect(page.getByText('Create your first assignment to get started.')).toBeVisible();
    expect(await statValue(page, 'Students Enrolled')).toBe(0);
    await expectAccessible(page, 'course detail without assignments');
  });

  await test.step('adds an assignment with a description, due date and rubric', async () => {
    await page.getByRole('link', { name: 'Create Assignment' }).click();
    await expect(page.getByRole('heading', { name: 'Create New Assignment' })).toBeVisible();

    await page.getByLabel('Total Points', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Create Assignment' }).click();
    await expect(page.getByText('Assignment title is required.')).toBeVisible();
    await expect(page.getByText('Total points must be greater than 0.')).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toBeFocused();
    await expectAccessible(page, 'Create New Assignment with errors');

    // Each message goes as soon as its field is fixed; the other stays until its own is.
    await page.getByLabel('Title', { exact: true }).fill('Lab 1: Line Follower');
    await expect(page.getByText('Assignment title is required.')).toHaveCount(0);
    await expect(page.getByText('Total points must be greater than 0.')).toBeVisible();
    await page.getByLabel('Total Points', { exact: true }).fill('50');
    await expect(page.getByText('Total points must be greater than 0.')).toHaveCount(0);

    await page
      .getByLabel('Description', { exact: true })
      .fill('# The task\n\nMake the robot follow a **black line**.');
    await page
      .getByRole('group', { name: 'Description mode' })
      .getByRole('button', { name: 'Preview' })
      .click();
    await expect(page.getByRole('heading', { name: 'The task' })).toBeVisible();
    await expectAccessible(page, 'Create New Assignment, description preview');
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
    await expectAccessible(page, 'course detail with an assignment');
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
    await expectAccessible(page, 'Edit Assignment');
    await page.getByLabel('Status', { exact: true }).selectOption('published');
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await expectToast(page, 'Assignment updated successfully!');
    await expect(page.getByRole('heading', { name: 'Lab 1: Line Follower' })).toBeVisible();
    await expect(page.getByText('published', { exact: true }).first()).toBeVisible();
    await expectAccessible(page, 'assignment detail, Assignment Info tab');
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
    await expectAccessible(page, 'assignment detail, Rubric tab');
    await page.getByRole('button', { name: 'Edit Rubric' }).click();
    // Focus follows into the editor, and back to 'Edit Rubric' after the save.
    const editor = page.getByLabel('Grading Rubric', { exact: true });
    await expect(editor).toBeFocused();
    await expectAccessible(page, 'assignment detail, editing the rubric');
    await editor.fill(
      '## Sensor wiring (20 points)\n- Both sensors read the line\n- Cables are labelled',
    );
    await page.getByRole('button', { name: 'Save Rubric' }).click();

    await expectToast(page, 'Rubric saved successfully!');
    await expect(page.getByText('Cables are labelled')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Rubric' })).toBeFocused();
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
    await expectAccessible(page, 'assignment detail, Submissions tab without submissions');
  });

  await test.step('deletes an assignment after the confirmation', async () => {
    await page.getByRole('link', { name: 'Back to Course' }).click();
    const quiz = assignmentRow(page, 'Warm-up Quiz');
    const deleteQuiz = quiz.getByRole('button', { name: /^Delete/ });
    const dialog = page.getByRole('alertdialog', { name: 'Delete this assignment?' });

    // The app's own dialog, not the browser's: cancelling keeps the assignment, and focus goes
    // back to the button that opened it.
    await deleteQuiz.click();
    await expect(dialog).toContainText(
      'Are you sure you want to delete this assignment? This action cannot be undone.',
    );
    await expect(dialog).toContainText('Warm-up Quiz');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessible(page, 'delete assignment dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(quiz).toBeVisible();
    await expect(deleteQuiz).toBeFocused();

    await deleteQuiz.click();
    await dialog.getByRole('button', { name: 'Delete Assignment' }).click();

    await expectToast(page, 'Assignment deleted successfully');
    await expect(dialog).toBeHidden();
    await expect(quiz).toHaveCount(0);
    // The row is gone with its button: focus moves to the first row left.
    await expect(
      page.getByRole('link', { name: 'Lab 1: Line Follower Robot', exact: true }),
    ).toBeFocused();
    await expect(assignmentRow(page, 'Lab 1: Line Follower Robot')).toContainText('published');
    expect(await statValue(page, 'Assignments')).toBe(1);
    expect(await statValue(page, 'Total Points')).toBe(60);
  });

  await test.step('renames the course', async () => {
    await page.getByRole('link', { name: 'Edit Course' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Course' })).toBeVisible();
    await expect(page.getByLabel('Course Title', { exact: true })).toHaveValue(courseTitle);
    await expectAccessible(page, 'Edit Course');
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
    await expectAccessible(page, 'delete course dialog');

    // Escape cancels, and focus returns to 'Delete Course'.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Delete Course' })).toBeFocused();

    await page.getByRole('button', { name: 'Delete Course' }).click();
    await dialog.getByRole('button', { name: 'Delete Course' }).click();

    await expectToast(page, 'Course deleted successfully');
    await expect(page).toHaveURL('/teacher/courses');
    await expect(page.getByRole('heading', { name: 'My Courses' })).toBeVisible();
    await expect(page.getByRole('heading', { name: renamedCourse })).toHaveCount(0);
    await expect(page.getByRole('link').filter({ hasText: 'CS500' })).toBeVisible();
  });
});

test('A course that does not exist sends the teacher back to the course list with a message', async ({
  page,
}) => {
  await signInAs(page, demoAccounts.teacher);
  const unknown = '/teacher/courses/00000000-0000-4000-8000-000000000000';
  await page.goto(unknown);

  await expectToast(page, 'Failed to load course data.');
  await expect(page).toHaveURL('/teacher/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'My Courses' })).toBeVisible();

  // The same for a new assignment in a course that does not exist.
  await page.goto(`${unknown}/assignments/new`);
  await expectToast(page, 'Failed to load course data.');
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
  await expectAccessible(page, 'assignment detail, Submissions tab');

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
