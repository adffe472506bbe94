import type { Page } from '@playwright/test';
import { megabytes, notesTxt, reportPdf, type FixtureFile } from './fixtures/files';
import { apiCall, apiSignIn, demoPassword } from './support/api';
import { expectAccessible } from './support/axe';
import { demoAccounts, signInAs } from './support/demo-accounts';
import { expect, test } from './support/test';
import { expectToast } from './support/toasts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Opens a course from 'My Courses' and one of its assignments, as a student would. */
async function openAssignment(page: Page, courseTitle: string, assignmentTitle: string) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My Courses' })
    .click();
  await page
    .getByRole('region', { name: 'Enrolled Courses' })
    .getByRole('link', { name: new RegExp(courseTitle) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: courseTitle })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(assignmentTitle) }).click();
  await expect(page.getByRole('heading', { level: 1, name: assignmentTitle })).toBeVisible();
}

const tile = (page: Page, label: string) => page.getByRole('group', { name: label });

/** SPEC §5's 'Please select a PDF file' alert, in the app's dialog: checked, then dismissed. */
async function expectNotPdfAlert(page: Page, { axe = false } = {}) {
  const alert = page.getByRole('alertdialog', { name: 'Not a PDF' });
  await expect(alert).toContainText('Please select a PDF file');
  await expect(alert.getByRole('button', { name: 'OK' })).toBeFocused();
  if (axe) await expectAccessible(page, 'student assignment page, not-a-PDF alert');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
}

async function dropFile(page: Page, file: FixtureFile) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, mimeType, text }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], name, { type: mimeType }));
      return transfer;
    },
    { name: file.name, mimeType: file.mimeType, text: file.buffer.toString('utf8') },
  );
  const dropzone = page.getByText('PDF files only, up to 10MB').locator('..');
  await dropzone.dispatchEvent('dragenter', { dataTransfer });
  await dropzone.dispatchEvent('drop', { dataTransfer });
}

test('Sam enrols in a course, submits a PDF and then resubmits another one', async ({ page }) => {
  const firstReport = await reportPdf('graph-traversal-report.pdf', 'Graph Traversal', 10);
  const secondReport = await reportPdf('graph-traversal-report-v2.pdf', 'Graph Traversal v2', 16);

  await signInAs(page, demoAccounts.sam);
  await page.getByRole('link', { name: 'Browse Courses' }).click();
  await expect(page.getByText('View your enrolled courses and discover new ones')).toBeVisible();

  const enrolled = page.getByRole('region', { name: 'Enrolled Courses' });
  const available = page.getByRole('region', { name: 'Available Courses' });
  const dsa = available.getByRole('article', { name: 'Data Structures and Algorithms' });
  await expect(dsa.getByText('Dr. Maya Chen')).toBeVisible();
  await expect(dsa.getByText('1 student', { exact: true })).toBeVisible();
  await expectAccessible(page, 'My Courses (student), a course to enrol in');

  await dsa.getByRole('button', { name: /Enroll/ }).click();
  await expectToast(page, 'Successfully enrolled in course!');
  const enrolledDsa = enrolled.getByRole('link', { name: /Data Structures and Algorithms/ });
  await expect(enrolledDsa).toBeVisible();
  // The Enroll button left with its card: focus follows the course to its new card.
  await expect(enrolledDsa).toBeFocused();
  // The count is the re-fetched one: Alex and now Sam.
  await expect(enrolledDsa.getByText('2 students')).toBeVisible();
  await expect(available.getByText('Data Structures and Algorithms')).toHaveCount(0);

  await enrolledDsa.click();
  await expect(page.getByText('Dr. Maya Chen')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Course Description' })).toBeVisible();
  // Published work only: the closed Hash Table and the draft Heaps assignments are not listed.
  await expect(page.getByText('1 total assignment', { exact: true })).toBeVisible();
  await expect(page.getByText('Hash Table Implementation')).toHaveCount(0);
  const upcoming = page.getByRole('region', { name: 'Upcoming Assignments' });
  const graphCard = upcoming.getByRole('link', { name: /Graph Traversal: BFS and DFS/ });
  await expect(graphCard.getByText('Upcoming')).toBeVisible();
  await expect(graphCard.getByText('100 points')).toBeVisible();
  await expectAccessible(page, 'student course page');

  await graphCard.click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Graph Traversal: BFS and DFS' }),
  ).toBeVisible();
  await expect(tile(page, 'Submission')).toContainText('Not submitted');
  await expectAccessible(page, 'student assignment page, Assignment Details tab');

  await page.getByRole('tab', { name: 'Submit Assignment' }).click();
  await expect(page.getByText('PDF files only, up to 10MB')).toBeVisible();
  await expectAccessible(page, 'student assignment page, Submit tab, nothing submitted');

  // A text file is refused, whether browsed for or dropped.
  const fileInput = page.getByLabel('Choose a PDF file');
  await fileInput.setInputFiles(notesTxt);
  await expectNotPdfAlert(page, { axe: true });
  await dropFile(page, notesTxt);
  await expectNotPdfAlert(page);
  await expect(page.getByRole('button', { name: 'Upload File' })).toHaveCount(0);

  await fileInput.setInputFiles(firstReport);
  await expect(page.getByText(firstReport.name)).toBeVisible();
  await expect(page.getByText(megabytes(firstReport))).toBeVisible();
  // The next step's button takes focus.
  await expect(page.getByRole('button', { name: 'Upload File' })).toBeFocused();
  await expectAccessible(page, 'student assignment page, a PDF chosen');

  // Hold the upload's answer back a moment so the progress bar can be seen.
  let releaseUpload: () => void = () => undefined;
  const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
  await page.route('**/api/files', async (route) => {
    await uploadHeld;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Upload File' }).click();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(page.getByText(/^\d{1,3}%$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
  await expectAccessible(page, 'student assignment page, uploading');
  releaseUpload();

  await expect(page.getByText('File Uploaded Successfully', { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      'File uploaded successfully! Click "Submit Assignment" to finalize your submission.',
    ),
  ).toBeVisible();
  await expect(page.getByText(`${firstReport.name} · ${megabytes(firstReport)}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload Different File' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Submit Assignment', exact: true })).toBeFocused();
  await expectAccessible(page, 'student assignment page, file uploaded');
  await page.unroute('**/api/files');

  // The uploaded file is kept while the student checks the rubric once more.
  await page.getByRole('tab', { name: 'Rubric' }).click();
  await expect(page.getByRole('heading', { name: 'BFS implementation (30 points)' })).toBeVisible();
  await expectAccessible(page, 'student assignment page, Rubric tab');
  await page.getByRole('tab', { name: 'Submit Assignment' }).click();
  await expect(page.getByText('File Uploaded Successfully', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Submit Assignment', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  // Submitting extracts the PDF's text on the server; the first one loads the PDF reader.
  await expect(page.getByText('Assignment submitted successfully!')).toBeVisible({
    timeout: 20_000,
  });
  const submitted = page.getByRole('region', { name: 'Assignment Submitted' });
  // The uploader starts over; focus goes to what was handed in.
  await expect(submitted.getByRole('heading', { name: 'Assignment Submitted' })).toBeFocused();
  await expectAccessible(page, 'student assignment page, submitted and awaiting a grade');
  await expect(submitted).toContainText(firstReport.name);
  await expect(submitted).toContainText(megabytes(firstReport));
  await expect(submitted).toContainText(
    'Uploading a new file will replace your current submission.',
  );
  await expect(page.getByRole('region', { name: 'Awaiting Grade' })).toBeVisible();
  await expect(tile(page, 'Submission')).toContainText('Submitted');

  // Resubmitting replaces the file.
  await fileInput.setInputFiles(secondReport);
  await page.getByRole('button', { name: 'Upload File' }).click();
  await expect(page.getByText('File Uploaded Successfully', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Assignment', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Resubmit Assignment' }).click();
  await expect(page.getByText('Assignment submitted successfully!').first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(submitted).toContainText(secondReport.name);
  await expect(submitted).toContainText(megabytes(secondReport));
  await expect(submitted).not.toContainText(firstReport.name);

  // The dashboard counts the submission once.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(page.getByRole('region', { name: 'Recent Submissions' })).toContainText(
    'Graph Traversal: BFS and DFS',
  );
  await expectAccessible(page, 'Student Dashboard');
});

test('Removing a chosen file clears it, and a server refusal shows in the uploader', async ({
  page,
}) => {
  await signInAs(page, demoAccounts.sam);
  await openAssignment(page, 'CS500', 'Term Project Proposal');
  await page.getByRole('tab', { name: 'Submit Assignment' }).click();
  await expect(
    page.getByText('Upload your assignment as a PDF file. Make sure your submission is complete'),
  ).toBeVisible();

  const fileInput = page.getByLabel('Choose a PDF file');
  await fileInput.setInputFiles(await reportPdf('proposal.pdf', 'Proposal'));
  await page.getByRole('button', { name: 'Remove file' }).click();
  await expect(page.getByText('proposal.pdf')).toHaveCount(0);
  await expect(page.getByText('PDF files only, up to 10MB')).toBeVisible();

  // A text file that only claims to be a PDF passes the browser but not the server.
  await fileInput.setInputFiles({
    name: 'fake.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('not really a pdf'),
  });
  await page.getByRole('button', { name: 'Upload File' }).click();
  const error = page.getByRole('alert').filter({ hasNotText: 'Please select' });
  await expect(error).toBeVisible();
  await expect(page.getByText('File Uploaded Successfully', { exact: true })).toHaveCount(0);
  await expectAccessible(page, 'student assignment page, upload refused');

  await page.getByRole('button', { name: 'Remove file' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'browse' })).toBeFocused();
});

test('Alex sees the grade and the detailed feedback on the graded Lab 1', async ({ page }) => {
  await signInAs(page, demoAccounts.alex);
  await openAssignment(page, 'CS500', 'Lab 1: Prompting a CLI Tool into Existence');
  await expect(tile(page, 'Status')).toContainText('Overdue');
  await expect(tile(page, 'Submission')).toContainText('Submitted');

  await page.getByRole('tab', { name: 'Submit Assignment' }).click();
  await expect(page.getByRole('region', { name: 'Assignment Submitted' })).toContainText(
    'alex-rivera-lab1-csvstat.pdf',
  );
  const grade = page.getByRole('region', { name: 'Grade Received' });
  await expect(grade).toContainText('87 / 100');
  await expect(grade).toContainText('87%');
  await expect(grade).toContainText('Graded on');

  await expect(page.getByRole('heading', { name: 'Your Detailed Feedback' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Assessment Quality' })).toHaveAttribute(
    'aria-valuenow',
    '82',
  );
  for (const section of [
    'Assessment Quality',
    'Overall Assessment',
    'What You Did Well',
    'Areas to Improve',
    'What Was Missing',
    'Grade Breakdown',
    'How to Improve Next Time',
  ]) {
    await expect(page.getByRole('heading', { name: section })).toBeVisible();
  }
  await expect(page.getByText('Prompt design and iteration')).toBeVisible();
  await expect(page.getByText('28 / 30')).toBeVisible();
  await expectAccessible(page, 'student assignment page, graded with detailed feedback');
  // The detailed panel replaces the plain feedback.
  await expect(page.getByText('Instructor Feedback:')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Rubric' }).click();
  await expect(page.getByRole('heading', { name: 'Problem analysis (20 points)' })).toBeVisible();
  await page.getByRole('tab', { name: 'Assignment Details' }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expectAccessible(page, 'student assignment page, details of a graded assignment');
});

test('The Status tile counts days left, then says Due Today, then Overdue', async ({ page }) => {
  await signInAs(page, demoAccounts.alex);
  const assignmentResponse = page.waitForResponse(
    (response) => /\/api\/assignments\/[^/]+$/.test(response.url()) && response.ok(),
  );
  await openAssignment(page, 'CS500', 'Design Review: Testing an LLM-backed Feature');
  const { due_date: dueDate } = (await (await assignmentResponse).json()) as { due_date: string };
  const due = new Date(dueDate).getTime();

  const statusAt = async (time: number) => {
    await page.clock.setFixedTime(time);
    await page.reload();
    await expect(tile(page, 'Points')).toContainText('100');
    return tile(page, 'Status');
  };

  // Rounded up: two and a half days is '3 days left'.
  await expect(await statusAt(due - 2.5 * DAY_MS)).toContainText('3 days left');
  await expect(await statusAt(due - 1.2 * DAY_MS)).toContainText('2 days left');
  await expect(await statusAt(due - 60_000)).toContainText('Due Today');
  await expect(await statusAt(due + 60 * 60_000)).toContainText('Overdue');
});

test("Alex's dashboard shows the counters, upcoming work and recent submissions", async ({
  page,
}) => {
  await signInAs(page, demoAccounts.alex);
  await expect(page.getByRole('link', { name: 'Browse Courses' })).toHaveAttribute(
    'href',
    '/student/courses',
  );
  await expect(page.getByText('Enrolled Courses').locator('..')).toContainText('2');
  await expect(page.getByText('Total Submissions').locator('..')).toContainText('2');

  const upcoming = page.getByRole('region', { name: 'Upcoming Assignments' });
  const titles = await upcoming.getByRole('link').allTextContents();
  expect(titles.length).toBeLessThanOrEqual(5);
  expect(titles[0]).toContain('Design Review: Testing an LLM-backed Feature');
  expect(titles.join()).not.toContain('Lab 1');

  const recent = page.getByRole('region', { name: 'Recent Submissions' });
  await expect(recent.getByRole('listitem')).toHaveCount(2);
  await expect(recent.getByRole('listitem').first()).toContainText('Lab 1');
  await expect(recent.getByRole('listitem').first()).toContainText('87 / 100');
  await expectAccessible(page, 'Student Dashboard');

  await upcoming.getByRole('link', { name: /Design Review/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Design Review: Testing an LLM-backed Feature' }),
  ).toBeVisible();
});

test('The course page groups published work into upcoming, without a due date, and past', async ({
  page,
}) => {
  await signInAs(page, demoAccounts.alex);
  await page.getByRole('link', { name: 'Browse Courses' }).click();
  await expectAccessible(page, 'My Courses (student), enrolled in every course');
  await page
    .getByRole('region', { name: 'Enrolled Courses' })
    .getByRole('link', { name: /CS500/ })
    .click();

  // Four published assignments, each in one group: the journal without a due date has its own
  // ('No Due Date'), so it can be opened like the others. The draft is not listed.
  await expect(page.getByText('4 total assignments')).toBeVisible();
  const upcoming = page.getByRole('region', { name: 'Upcoming Assignments' });
  const undated = page.getByRole('region', { name: 'No Due Date' });
  const past = page.getByRole('region', { name: 'Past Assignments' });
  await expect(upcoming.getByRole('link')).toHaveText([
    /Design Review: Testing an LLM-backed Feature.*Upcoming/,
    /Term Project Proposal.*Upcoming/,
  ]);
  await expect(undated.getByRole('link')).toHaveText([/Reading Reflections Journal.*No due date/]);
  await expect(past.getByRole('link')).toHaveText([/Lab 1.*Past Due/]);
  await expect(page.getByText('Final Project Report and Demo')).toHaveCount(0);
  await expectAccessible(page, 'student course page with all three groups');

  await undated.getByRole('link', { name: /Reading Reflections Journal/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Reading Reflections Journal' }),
  ).toBeFocused();
  await expect(tile(page, 'Due Date')).toContainText('No due date set');
});

test("A course description written in Markdown reads as formatted text on the student's pages", async ({
  page,
  request,
}) => {
  const password = await demoPassword(request);
  const maya = await apiSignIn(request, demoAccounts.teacher.email, password);
  const sam = await apiSignIn(request, demoAccounts.sam.email, password);
  const title = `Robot Ethics ${Date.now()}`;
  const course = await apiCall<{ id: string }>(request, maya, 'POST', '/api/courses', {
    title,
    description:
      '## About\n\nWe discuss **autonomy** and read the [syllabus](https://school.test/ethics).',
  });
  try {
    await signInAs(page, demoAccounts.sam);
    await page.getByRole('link', { name: 'Browse Courses' }).click();
    // The card: the words, clamped, with no Markdown syntax.
    const card = page
      .getByRole('region', { name: 'Available Courses' })
      .getByRole('article', { name: title });
    await expect(card).toContainText('About We discuss autonomy and read the syllabus.');
    await expect(card).not.toContainText('**');
    await expect(card).not.toContainText('](');
    await expectAccessible(page, 'My Courses (student), a Markdown description on a card');

    await apiCall(request, sam, 'POST', `/api/courses/${course.id}/enrollments`);
    await page.goto(`/student/courses/${course.id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'About' })).toBeVisible();
    await expect(page.getByText('autonomy', { exact: true })).toHaveCSS('font-weight', /600|700/);
    await expect(page.getByRole('link', { name: 'syllabus' })).toHaveAttribute(
      'href',
      'https://school.test/ethics',
    );
    await expect(page.getByText('## About')).toHaveCount(0);
    await expect(page.getByText('No assignments yet')).toBeVisible();
    await expectAccessible(page, 'student course page without assignments');
  } finally {
    await apiCall(request, maya, 'DELETE', `/api/courses/${course.id}`);
  }
});

test('A closed assignment or an unknown course is not available to a student', async ({ page }) => {
  const dashboardResponse = page.waitForResponse('**/api/dashboard');
  await signInAs(page, demoAccounts.alex);
  const dashboard = (await (await dashboardResponse).json()) as {
    recent_submissions: Array<{
      course_id: string;
      assignment_id: string;
      assignment_title: string;
    }>;
  };
  const hashTable = dashboard.recent_submissions.find(
    (submission) => submission.assignment_title === 'Hash Table Implementation',
  );
  expect(hashTable).toBeDefined();

  await page.goto(
    `/student/courses/${hashTable!.course_id}/assignments/${hashTable!.assignment_id}`,
  );
  await expect(page.getByText('Assignment not found or not available.')).toBeVisible();
  await expect(page).toHaveURL(`/student/courses/${hashTable!.course_id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Data Structures and Algorithms' }),
  ).toBeVisible();

  // An unknown course id returns to the course list with SPEC's message.
  await page.goto('/student/courses/00000000-0000-4000-8000-000000000000');
  await expectToast(page, 'Failed to load course data. Please try again.');
  await expect(page).toHaveURL('/student/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'My Courses' })).toBeVisible();
});

test('A course or assignment that fails to load sends the student back with a message', async ({
  page,
}) => {
  await signInAs(page, demoAccounts.alex);
  await openAssignment(page, 'CS500', 'Term Project Proposal');
  const assignmentUrl = page.url();
  const courseUrl = assignmentUrl.replace(/\/assignments\/[^/]+$/, '');

  const serverError = { status: 500, json: { error: { code: 'INTERNAL', message: 'Boom' } } };
  // Retries of a failing server call take a few seconds before the page gives up.
  const patient = { timeout: 15_000 };

  await page.route('**/api/assignments/*', (route) => route.fulfill(serverError));
  await page.goto(assignmentUrl);
  await expect(page.getByText('Failed to load assignment data. Please try again.')).toBeVisible(
    patient,
  );
  await expect(page).toHaveURL(courseUrl);
  await page.unroute('**/api/assignments/*');

  await page.route('**/api/courses/*/assignments', (route) => route.fulfill(serverError));
  await page.goto(courseUrl);
  await expect(page.getByText('Failed to load course data. Please try again.')).toBeVisible(
    patient,
  );
  await expect(page).toHaveURL('/student/courses');
});
