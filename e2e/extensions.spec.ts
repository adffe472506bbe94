import type { APIRequestContext } from '@playwright/test';
import { reportPdf } from './fixtures/files';
import {
  apiCall,
  apiHandIn,
  apiSignIn,
  apiSignUp,
  demoPassword,
  type ApiUser,
} from './support/api';
import { expectAccessible } from './support/axe';
import { demoAccounts, signInAs } from './support/demo-accounts';
import { expect, test } from './support/test';
import { signInAsStudent } from './support/students';
import { expectToast } from './support/toasts';

const DAY = 24 * 60 * 60 * 1000;

interface Student {
  email: string;
  password: string;
  full_name: string;
  user: ApiUser;
}

/**
 * A course of the demo teacher with an assignment due two days ago (20 points), a student who
 * handed in late and one who handed in nothing: made through the API.
 */
async function createLateClass(request: APIRequestContext) {
  const teacher = await apiSignIn(request, demoAccounts.teacher.email, await demoPassword(request));
  const stamp = Date.now();
  const course = await apiCall<{ id: string }>(request, teacher, 'POST', '/api/courses', {
    title: `Extensions ${stamp}`,
    description: 'A course made by the extensions end-to-end test.',
  });
  const remove = () => apiCall(request, teacher, 'DELETE', `/api/courses/${course.id}`);
  try {
    const assignment = await apiCall<{ id: string }>(
      request,
      teacher,
      'POST',
      `/api/courses/${course.id}/assignments`,
      {
        title: 'Lab Report',
        due_date: new Date(Date.now() - 2 * DAY + 60 * 60 * 1000).toISOString(),
        total_points: 20,
        status: 'published',
      },
    );
    const students: Student[] = [];
    for (const name of ['Late Lena', 'Missing Milo']) {
      const account = {
        email: `ext-${stamp}-${students.length}@school.test`,
        password: `extensions-${students.length}-${stamp}`,
        full_name: `${name} ${stamp % 10_000}`,
      };
      const user = await apiSignUp(request, { ...account, role: 'student' });
      await apiCall(request, user, 'POST', `/api/courses/${course.id}/enrollments`);
      students.push({ ...account, user });
    }
    const [late] = students;
    const file = await reportPdf('lab-report.pdf', 'Lab Report', 1);
    const submission = await apiHandIn(request, late!.user, assignment.id, file);
    const assignmentPath = `/teacher/courses/${course.id}/assignments/${assignment.id}`;
    return {
      courseId: course.id,
      students: students as [Student, Student],
      assignmentPath,
      reviewPath: `${assignmentPath}/submissions/${submission.id}`,
      studentPath: `/student/courses/${course.id}/assignments/${assignment.id}`,
      remove,
    };
  } catch (error) {
    await remove();
    throw error;
  }
}

/** A datetime-local value, local time, for `date`. */
const localValue = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

test('A teacher grants an extension and suggests a late penalty the teacher applies', async ({
  page,
  request,
}) => {
  const work = await createLateClass(request);
  const [late, missing] = work.students;
  const extended = new Date(Date.now() + 3 * DAY);
  extended.setHours(17, 0, 0, 0);
  const extendedText = extended.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  try {
    await test.step('the teacher sets a late penalty on the edit form', async () => {
      await signInAs(page, demoAccounts.teacher);
      await page.goto(`${work.assignmentPath}/edit`);
      await page.getByLabel('Percent per day late').fill('10');
      await page.getByLabel('Maximum penalty (percent)').fill('50');
      await expectAccessible(page, 'assignment form with a late penalty');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page).toHaveURL(work.assignmentPath);
    });

    await test.step('the teacher grants the student with no submission an extension', async () => {
      // From the gradebook: the cell of a student with nothing handed in leads to the tab.
      await page.goto(`/teacher/courses/${work.courseId}/gradebook`);
      await page
        .getByRole('link', { name: new RegExp(`^Extensions for Lab Report, ${missing.full_name}`) })
        .click();
      await expect(page).toHaveURL(`${work.assignmentPath}?tab=extensions`);
      await expect(page.getByRole('heading', { name: 'Extensions' })).toBeVisible();
      await expect(page.getByText(missing.full_name)).toBeVisible();
      await expectAccessible(page, 'extensions tab');
      await page.getByRole('button', { name: `Grant extension for ${missing.full_name}` }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog.getByLabel('Extended due date')).toBeFocused();
      await dialog.getByLabel('Extended due date').fill(localValue(extended));
      await expectAccessible(page, 'grant extension dialog');
      await dialog.getByRole('button', { name: 'Save extension' }).click();
      await expectToast(page, `${missing.full_name} can now submit until ${extendedText}.`);
      await expect(
        page.getByRole('button', { name: `Change extension for ${missing.full_name}` }),
      ).toBeVisible();
      await expect(page.getByText(`Due ${extendedText}`)).toBeVisible();
    });

    await test.step('the student sees their extended due date and the days left', async () => {
      await page.getByRole('button', { name: 'Logout' }).click();
      await signInAsStudent(page, missing);
      await page.goto(work.studentPath);
      const dueTile = page.getByRole('group', { name: 'Due Date' });
      await expect(dueTile).toContainText(extendedText);
      await expect(dueTile).toContainText('Extended for you');
      await expect(page.getByRole('group', { name: 'Status' })).toContainText(/days? left/);
      await expectAccessible(page, 'student assignment page with an extension');
      await page.getByRole('button', { name: 'Logout' }).click();
    });

    await test.step('the review screen suggests the penalty; applying it fills the grade', async () => {
      await signInAs(page, demoAccounts.teacher);
      await page.goto(work.reviewPath);
      await expect(page.getByRole('heading', { name: late.full_name })).toBeVisible();
      const note = page.locator('[data-late-penalty]');
      await expect(note).toContainText('Submitted 2 days late: −20% late penalty suggested.');
      const grade = page.getByRole('spinbutton', { name: 'Grade', exact: true });
      await grade.fill('18');
      await expect(note).toContainText('−20% late penalty suggested (18 → 14.5).');
      await expectAccessible(page, 'review screen with a late penalty suggestion');
      await note.getByRole('button', { name: 'Apply penalty' }).click();
      await expect(grade).toHaveValue('14.5');
      await expect(note).toContainText('−20% late penalty applied (18 → 14.5)');
      await expect(page.locator('[data-grade-summary]')).toHaveText('Not graded yet.');
      await note.getByRole('button', { name: 'Undo penalty' }).click();
      await expect(grade).toHaveValue('18');
      await note.getByRole('button', { name: 'Apply penalty' }).click();
      await page.getByRole('button', { name: 'Submit Grade' }).click();
      await expectToast(page, 'Grade submitted successfully!');
      await expect(page.locator('[data-grade-summary]')).toContainText('14.5 / 20');
    });
  } finally {
    await work.remove();
  }
});
