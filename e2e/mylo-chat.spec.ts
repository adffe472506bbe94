import type { Page } from '@playwright/test';
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
  // The offline engine answers quickly, but title generation and the refetches follow it.
  test.setTimeout(60_000);
  await signInAs(page, demoAccounts.teacher);
  const openButton = page.getByRole('button', { name: 'Mylo AI Assistant' });
  await expect(openButton).toHaveAttribute('title', 'Mylo AI Assistant');
  await shot(page, '1-closed');

  await openButton.click();
  const panel = page.getByRole('region', { name: 'Mylo AI chat' });
  await expect(panel.getByRole('heading', { name: 'Mylo AI - Ready' })).toBeVisible();
  await expect(panel.getByText("Hi! I'm Mylo, your AI teaching assistant.")).toBeVisible();
  await expect(panel.getByText('No chat threads yet')).toBeVisible();
  await shot(page, '2-greeting');

  // Start a chat, then pick the example prompt about creating an assignment.
  await panel.getByRole('button', { name: 'Start New Chat' }).click();
  await expect(panel.getByText('Start a conversation in this thread')).toBeVisible();
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
  await shot(page, '3-conversation');

  // Mylo really created it: it is on the course page.
  await page.getByRole('link', { name: 'My Courses' }).first().click();
  await page.getByRole('link').filter({ hasText: 'CS500' }).first().click();
  await expect(page.getByRole('link', { name: 'Lab 9', exact: true })).toBeVisible();

  // The panel survives navigation; the thread list can be hidden and shown again.
  await panel.getByRole('button', { name: 'Hide chat threads' }).click();
  await expect(threads).toBeHidden();
  await panel.getByRole('button', { name: 'Show chat threads' }).click();
  await expect(threads).toBeVisible();
  await shot(page, '4-thread-list');

  // Deleting the selected thread asks first, then shows the empty state.
  const title = (await row.getByRole('button').first().locator('span').first().innerText()).trim();
  let confirmation = '';
  page.once('dialog', (dialog) => {
    confirmation = `${dialog.type()}: ${dialog.message()}`;
    void dialog.accept();
  });
  await threads.getByRole('button', { name: `Delete thread ${title}` }).click();
  expect(confirmation).toBe(
    'confirm: Are you sure you want to delete this chat thread? This action cannot be undone.',
  );
  await expect(threads.getByRole('listitem')).toHaveCount(0);
  await expect(panel.getByText('No chat threads yet')).toBeVisible();
  await expect(panel.getByText("Hi! I'm Mylo, your AI teaching assistant.")).toBeVisible();

  // Close returns to the round button.
  await panel.getByRole('button', { name: 'Close chat' }).click();
  await expect(openButton).toBeVisible();
});
