import { expect, test as base } from '@playwright/test';

/**
 * The Playwright `test`, plus one rule for every spec: an uncaught error in the page fails the
 * test, even when the screen happens to look right.
 */
export const test = base.extend<{ failOnPageError: void }>({
  failOnPageError: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => {
        if (!isPdfWorkerTerminated(error)) errors.push(error);
      });
      await use();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Leaving the review screen while a PDF is still loading stops pdf.js's worker, which then
 * reports 'Worker was terminated' from inside the worker, where no page code can catch it
 * (mozilla/pdf.js#11595, wojtekmaj/react-pdf#1062). Nothing on screen is wrong; any other
 * error still fails the test.
 */
function isPdfWorkerTerminated(error: Error): boolean {
  return error.message === 'Worker was terminated';
}

export { expect };
