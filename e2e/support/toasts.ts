import { expect, type Page } from '@playwright/test';
import { expectAccessible } from './axe';

/**
 * A toast with this text is on screen (sonner, bottom right) inside the polite live region
 * that screen readers announce, and passes axe at both widths, the page with it; the pointer
 * rests on it meanwhile, which holds it open. The pointer then moves away: a hovered toast stays open,
 * and the pointer is often where the toast appeared. The step's own assertions prove the
 * action took effect, so nothing waits for the toast to close.
 */
export async function expectToast(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
  await expect(toast).toBeVisible();
  await expect(toast.locator('xpath=ancestor::*[@aria-live="polite"]')).toHaveCount(1);
  await expectAccessible(page, `toast: ${text}`, {
    includeToasts: true,
    // The toast moves when the width changes (full width on phones): hover it where it is now.
    // Not possible while a modal dialog makes the page behind it inert.
    beforeEachWidth: () => toast.hover({ timeout: 2000 }).catch(() => undefined),
  });
  await page.mouse.move(0, 0);
}
