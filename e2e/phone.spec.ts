// At 390 px (a phone): what the wide screen shows must stay usable: nothing cut off, nothing
// under the chat button, a PDF that can be read.
import type { Locator } from '@playwright/test';
import { reportPdf } from './fixtures/files';
import { createLateSubmission } from './support/api';
import { expectAccessible } from './support/axe';
import { demoAccounts, signInAs } from './support/demo-accounts';
import { expect, test } from './support/test';

test.use({ viewport: { width: 390, height: 844 } });

/** The element a tap at the centre of `target` would reach is `target` itself (or inside it). */
async function expectUncovered(target: Locator) {
  const reached = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
  expect(reached, `${target.toString()} is covered`).toBe(true);
}

test('A teacher grades on a phone: the PDF is readable and the chat button covers nothing', async ({
  page,
  request,
}) => {
  const work = await createLateSubmission(request, {
    title: `Phone Studio ${Date.now()}`,
    rubric: '## Report (100 points)\n- Explains both searches',
    file: await reportPdf('graph-traversal.pdf', 'Graph Traversal', 2),
  });
  try {
    await signInAs(page, demoAccounts.teacher);
    await page.goto(work.reviewPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Sam Patel' })).toBeVisible();

    // The page is drawn at a readable size (12 pt text at about 12 px), wider than the phone:
    // the viewer scrolls sideways, the page itself does not.
    const pdf = page.getByRole('region', { name: 'PDF pages' });
    const firstPage = pdf.locator('canvas').first();
    await expect.poll(async () => (await firstPage.boundingBox())?.width ?? 0).toBeGreaterThan(600);
    expect(await pdf.evaluate((area) => area.scrollWidth > area.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect(page.getByRole('button', { name: /^Zoom 50%/ })).toBeVisible();
    await expect.poll(async () => (await firstPage.boundingBox())?.width ?? 0).toBeLessThan(360);

    // Tabbing to 'Submit Grade' scrolls it into view above the round chat button. (The
    // sign-in toast, which also sits at the bottom for a few seconds, has gone by then.)
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
    await page.getByRole('spinbutton', { name: 'Grade' }).fill('75');
    const submit = page.getByRole('button', { name: 'Submit Grade' });
    await page.getByLabel('Show detailed feedback to student').focus();
    await page.keyboard.press('Tab');
    await expect(submit).toBeFocused();
    await expectUncovered(submit);
    // And at the very end of the page, nothing is under the button either.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expectUncovered(submit);
    await expectAccessible(page, 'submission review on a phone, grade entered');
  } finally {
    await work.remove();
  }
});

test("A student's assignment tabs fit a phone, with no label cut off", async ({ page }) => {
  await signInAs(page, demoAccounts.alex);
  await page.getByRole('link', { name: 'Browse Courses' }).click();
  await page
    .getByRole('region', { name: 'Enrolled Courses' })
    .getByRole('link', { name: /CS500/ })
    .click();
  await page.getByRole('link', { name: /Lab 1/ }).click();
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['Assignment Details', 'Rubric', 'Submit Assignment']);
  for (const tab of await tabs.all()) {
    const box = await tab.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    // The whole label is drawn: nothing overflows its button.
    expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  await page.getByRole('tab', { name: 'Submit Assignment' }).click();
  await expect(page.getByRole('heading', { name: 'Your Detailed Feedback' })).toBeVisible();
  await expectAccessible(page, 'student assignment page on a phone, Submit tab');
});
