// The teacher's grading flow and the Mylo chat widget, by keyboard alone (DESIGN §14): no
// clicks, every control reached with Tab shows where focus is, and focus never falls to the
// page when the screen changes under it.
import type { Locator, Page } from '@playwright/test';
import { reportPdf } from './fixtures/files';
import { apiCall, apiSignIn, createLateSubmission, demoPassword } from './support/api';
import { expectAccessible } from './support/axe';
import { demoAccounts, signInAs } from './support/demo-accounts';
import { expect, test } from './support/test';
import { expectToast } from './support/toasts';

const RUBRIC = [
  '## Breadth-first search (50 points)',
  '- Visits the graph level by level, using a queue',
  '',
  '## Depth-first search (50 points)',
  '- Follows one path as far as it goes, using a stack',
].join('\n');

/** What has focus, and whether it shows an outline or a ring. */
function focusState(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { onPage: false, visible: false, what: '' };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none';
    return { onPage: true, visible: outline || ring, what: element.outerHTML.slice(0, 160) };
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking on the way that every element
 * that takes focus shows it.
 */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}) {
  for (let step = 0; step < max; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focus = await focusState(page);
    expect(focus.onPage, 'focus left the page').toBe(true);
    expect(focus.visible, `no visible focus indicator on ${focus.what}`).toBe(true);
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Activates the focused control with Enter, after checking it is the expected one. */
async function press(target: Locator, key = 'Enter') {
  await expect(target).toBeFocused();
  await target.page().keyboard.press(key);
}

test('A teacher grades a submission with Mylo and edits the rubric by keyboard alone', async ({
  page,
  request,
}) => {
  const work = await createLateSubmission(request, {
    title: `Keyboard Studio ${Date.now()}`,
    rubric: RUBRIC,
    file: await reportPdf('graph-traversal.pdf', 'Graph Traversal', 2),
  });
  try {
    await test.step('signs in', async () => {
      await page.goto('/login');
      await tabTo(page, page.getByLabel('Email'));
      await page.keyboard.type(demoAccounts.teacher.email);
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('Password')).toBeFocused();
      await page.keyboard.type(await demoPassword(request));
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Teacher Dashboard' }),
      ).toBeFocused();
    });

    await test.step('opens the submission from My Courses', async () => {
      const nav = page.getByRole('navigation', { name: 'Main' });
      await tabTo(page, nav.getByRole('link', { name: 'My Courses' }), { backwards: true });
      await press(nav.getByRole('link', { name: 'My Courses' }));
      await expect(page.getByRole('heading', { level: 1, name: 'My Courses' })).toBeFocused();

      const card = page.getByRole('link').filter({ hasText: work.courseTitle });
      await tabTo(page, card);
      await press(card);
      await expect(page.getByRole('heading', { level: 1, name: work.courseTitle })).toBeFocused();

      const view = page.getByRole('link', { name: `View ${work.assignmentTitle}` });
      await tabTo(page, view);
      await press(view);
      await expect(
        page.getByRole('heading', { level: 1, name: work.assignmentTitle }),
      ).toBeFocused();

      // Arrow keys move between tabs; the selected one is the only Tab stop of the list.
      await tabTo(page, page.getByRole('tab', { name: 'Assignment Info' }));
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      const submissionsTab = page.getByRole('tab', { name: 'Submissions (1)' });
      await expect(submissionsTab).toBeFocused();
      await expect(submissionsTab).toHaveAttribute('aria-selected', 'true');

      const sam = page.getByRole('link').filter({ hasText: 'Sam Patel' });
      await tabTo(page, sam);
      await press(sam);
      await expect(page).toHaveURL(work.reviewPath);
      await expect(page.getByRole('heading', { level: 1, name: 'Sam Patel' })).toBeFocused();
    });

    await test.step('asks Mylo, takes a quick grade and submits it', async () => {
      const myloButton = page.getByRole('button', { name: 'Grade with Mylo' });
      await tabTo(page, myloButton);
      await press(myloButton);
      await expectToast(page, 'Auto-grading completed!');
      const analysis = page.getByRole('region', { name: "Mylo's Analysis" });
      await expect(analysis.getByRole('heading', { name: "Mylo's Analysis" })).toBeFocused();

      const quickB = page.getByRole('button', { name: 'B (80%)' });
      await tabTo(page, quickB, { backwards: true });
      await press(quickB);
      await expect(page.getByRole('spinbutton', { name: 'Grade' })).toHaveValue('80');

      const showDetailed = page.getByLabel('Show detailed feedback to student');
      await tabTo(page, showDetailed);
      await press(showDetailed, 'Space');
      await expect(showDetailed).toBeChecked();

      const submit = page.getByRole('button', { name: 'Submit Grade' });
      await tabTo(page, submit);
      await press(submit);
      await expectToast(page, 'Grade submitted successfully!');
      await expect(page.getByText(/^Saved grade 80 \/ 100/)).toBeFocused();
    });

    await test.step('goes back and edits the rubric', async () => {
      const back = page.getByRole('link', { name: 'Back to Assignment' });
      await tabTo(page, back, { backwards: true });
      await press(back);
      await expect(
        page.getByRole('heading', { level: 1, name: work.assignmentTitle }),
      ).toBeFocused();

      await tabTo(page, page.getByRole('tab', { name: 'Submissions (1)' }));
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByRole('tab', { name: 'Rubric' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const edit = page.getByRole('button', { name: 'Edit Rubric' });
      await tabTo(page, edit);
      await press(edit);
      const editor = page.getByLabel('Grading Rubric', { exact: true });
      await expect(editor).toBeFocused();
      await page.keyboard.press('Control+End');
      await page.keyboard.type('\n- Explains when to use which');
      await expectAccessible(page, 'assignment detail, editing the rubric by keyboard');

      const save = page.getByRole('button', { name: 'Save Rubric' });
      await tabTo(page, save);
      await press(save);
      await expectToast(page, 'Rubric saved successfully!');
      await expect(page.getByText('Explains when to use which')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Edit Rubric' })).toBeFocused();
    });
  } finally {
    await work.remove();
  }
});

test('A teacher uses the Mylo chat widget by keyboard alone: focus stays in it, Escape closes it', async ({
  page,
  request,
}) => {
  // Whatever happens below, the teacher's threads are left as they were (none), so the chat
  // spec that follows starts from the empty state.
  const maya = await apiSignIn(request, demoAccounts.teacher.email, await demoPassword(request));
  try {
    await chatByKeyboard(page);
  } finally {
    const { items } = await apiCall<{ items: Array<{ id: string }> }>(
      request,
      maya,
      'GET',
      '/api/chat/threads',
    );
    for (const thread of items) {
      await apiCall(request, maya, 'DELETE', `/api/chat/threads/${thread.id}`);
    }
  }
});

async function chatByKeyboard(page: Page) {
  await signInAs(page, demoAccounts.teacher);
  const openButton = page.getByRole('button', { name: 'Mylo AI Assistant' });
  const panel = page.getByRole('dialog', { name: 'Mylo AI chat' });
  const input = panel.getByRole('textbox', { name: 'Message Mylo' });
  const inPanel = () => panel.evaluate((element) => element.contains(document.activeElement));

  await tabTo(page, openButton);
  await press(openButton);
  await expect(input).toBeFocused();
  await expect(panel.getByRole('heading', { name: 'Mylo AI - Ready' })).toBeVisible();

  // Tab and Shift+Tab go round inside the panel, never out to the page behind it.
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press('Tab');
    expect(await inPanel(), `Tab ${step + 1} left the chat panel`).toBe(true);
    expect((await focusState(page)).visible).toBe(true);
  }
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press('Shift+Tab');
    expect(await inPanel(), `Shift+Tab ${step + 1} left the chat panel`).toBe(true);
  }

  await tabTo(page, input);
  await page.keyboard.type('Explain the features of this platform');
  await page.keyboard.press('Enter');
  await expect(input).toHaveValue('');
  await expect(panel.getByTestId('mylo-reply').last()).not.toBeEmpty({ timeout: 20_000 });
  await expect(panel.getByRole('heading', { name: 'Mylo AI - Ready' })).toBeVisible();
  await expectAccessible(page, 'Mylo chat: a conversation, reached by keyboard');

  // Deleting the thread: the dialog opens on Cancel; Escape closes only the dialog and gives
  // focus back to the delete button; then Delete Thread really deletes.
  const threads = panel.getByRole('region', { name: 'Chat threads' });
  const deleteButton = threads.getByRole('button', { name: /^Delete thread / });
  await tabTo(page, deleteButton, { backwards: true });
  await press(deleteButton);
  const confirm = page.getByRole('alertdialog', { name: 'Delete this chat thread?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(panel).toBeVisible();
  await expect(deleteButton).toBeFocused();

  await press(deleteButton);
  await page.keyboard.press('Tab');
  await press(confirm.getByRole('button', { name: 'Delete Thread' }));
  await expect(confirm).toBeHidden();
  await expect(threads.getByRole('listitem')).toHaveCount(0);
  await expect(input).toBeFocused();

  // Minimised, the panel is a header whose buttons keep focus; restored, it is whole again.
  const minimise = panel.getByRole('button', { name: 'Minimise chat' });
  await tabTo(page, minimise, { backwards: true });
  await press(minimise);
  const restore = panel.getByRole('button', { name: 'Restore chat' });
  await expect(restore).toBeFocused();
  await press(restore);
  await expect(input).toBeVisible();

  // Escape closes the panel and gives focus back to the round button.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(openButton).toBeFocused();
  await press(openButton);
  await expect(input).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(openButton).toBeFocused();
}
