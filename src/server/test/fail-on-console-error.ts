// A console.error during a test is a bug the test did not notice: fail it (STYLE.md, Epic Stack).
// A test that expects one spies on console.error itself (vi.spyOn(...).mockImplementation()).
import { afterEach, beforeEach, vi } from 'vitest';

let errors: unknown[][] = [];
const original = console.error;

beforeEach(() => {
  errors = [];
  console.error = (...args: unknown[]) => {
    errors.push(args);
    original(...args);
  };
});

afterEach(() => {
  const isSpied = vi.isMockFunction(console.error);
  console.error = original;
  if (!isSpied && errors.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${errors.map((a) => a.join(' ')).join('\n')}`,
    );
  }
});
