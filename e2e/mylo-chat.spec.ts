import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { demoAccounts, signInAs } from './support/demo-accounts';
import { expect, test } from './support/test';

/** Set MYLO_SHOTS=<dir> to keep screenshots of the widget for a visual check. */
async function shot(page: Page, name: string) {
  const dir = process.env.MYLO_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

test('A teacher asks Mylo to create an assignment, finds it on the course page and deletes the thread', async ({
  page,
}) => {
  await signInAs(page, demoAccounts.teacher);
  const openButton = page.getByRole('button', { name: 'Mylo AI Assistant' });
  await expect(openButton).toHaveAttribute('title', 'Mylo AI Assistant');
  await shot(page, '1-closed');

  await openButton.click();
  const panel = page.getByRole('dialog', { name: 'Mylo AI chat' });
  await expect(panel.getByRole('heading', { name: 'Mylo AI - Ready' })).toBeVisible();
  await expect(panel.getByText("Hi! I'm Mylo, your AI teaching assistant.")).toBeVisible();
  await expect(panel.getByText('No chat threads yet')).toBeVisible();
  // Opening the panel puts focus in its message box.
  await expect(panel.getByRole('textbox', { name: 'Message Mylo' })).toBeFocused();
  await expectAccessible(page, 'Mylo chat: greeting, no threads');
  await shot(page, '2-greeting');

  // Start a chat, then pick the example prompt about creating an assignment.
  await panel.getByRole('button', { name: 'Start New Chat' }).click();
  await expect(panel.getByText('Start a conversation in this thread')).toBeVisible();
  await expectAccessible(page, 'Mylo chat: an empty thread');
  const threads = panel.getByRole('region', { name: 'Chat threads' });
  await expect(threads.getByRole('listitem')).toHaveCount(1);
  await expect(threads.getByRole('listitem').first()).toContainText('New Chat');

  const input = panel.getByRole('textbox', { name: 'Message Mylo' });
  const send = panel.getByRole('button', { name: 'Send' });
  await expect(input).toHaveAttribute('placeholder', 'Type your message...');
  await expect(send).toBeDisabled();
  await panel.getByRole('button', { name: /Create an assignment called Lab 1 in CS500/ }).click();
  await expect(input).toHaveValue('Create an assignment called Lab 1 in CS500 worth 50 points');

  // CS500 already has a 'Lab 1: …'; a distinct title keeps the check unambiguous.
  const message = 'Create an assignment called Lab 9 in CS500 worth 50 points';
  await input.fill(message);
  await expect(send).toBeEnabled();
  await input.press('Enter');
  await expect(input).toHaveValue('');

  const conversation = panel.getByText(message, { exact: true });
  await expect(conversation).toBeVisible();
  const reply = panel.getByTestId('mylo-reply').last();
  await expect(reply).toContainText('Lab 9', { timeout: 20_000 });
  await expect(panel.getByRole('heading', { name: 'Mylo AI - Ready' })).toBeVisible();

  // After the first exchange the thread gets a title of its own.
  const row = threads.getByRole('listitem').first();
  await expect(row).toContainText('1 message');
  await expect(row).toContainText('Today');
  await expect(row).not.toContainText('New Chat', { timeout: 20_000 });
  await expectAccessible(page, 'Mylo chat: a conversation, the thread selected');
  await shot(page, '3-conversation');

  // Mylo really created it: it is on the course page.
  await page.getByRole('link', { name: 'My Courses' }).first().click();
  await page.getByRole('link').filter({ hasText: 'CS500' }).first().click();
  await expect(page.getByRole('link', { name: 'Lab 9', exact: true })).toBeVisible();

  // The panel survives navigation; the thread list can be hidden and shown again.
  await panel.getByRole('button', { name: 'Hide chat threads' }).click();
  await expect(threads).toBeHidden();
  await expectAccessible(page, 'Mylo chat: thread list hidden, over the course page');
  await panel.getByRole('button', { name: 'Show chat threads' }).click();
  await expect(threads).toBeVisible();
  await shot(page, '4-thread-list');

  // Deleting the selected thread asks first (the app's dialog, not the browser's), then shows
  // the empty state.
  const title = (await row.getByRole('button').first().locator('span').first().innerText()).trim();
  await threads.getByRole('button', { name: `Delete thread ${title}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this chat thread?' });
  await expect(confirm).toContainText(
    'Are you sure you want to delete this chat thread? This action cannot be undone.',
  );
  await expectAccessible(page, 'Mylo chat: delete thread dialog');
  await confirm.getByRole('button', { name: 'Delete Thread' }).click();
  await expect(confirm).toBeHidden();
  await expect(threads.getByRole('listitem')).toHaveCount(0);
  await expect(panel.getByText('No chat threads yet')).toBeVisible();
  await expect(panel.getByText("Hi! I'm Mylo, your AI teaching assistant.")).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Message Mylo' })).toBeFocused();

  // Close returns to the round button, which has focus again.
  await panel.getByRole('button', { name: 'Close chat' }).click();
  await expect(openButton).toBeVisible();
  await expect(openButton).toBeFocused();
});
