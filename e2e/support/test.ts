import { expect, test as base } from '@playwright/test';

/**
 * The Playwright `test`, plus one rule for every spec: an uncaught error in the page fails the
 * test, even when the screen happens to look right.
 */
export const test = base.extend<{ failOnPageError: void }>({
  failOnPageError: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await use();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
