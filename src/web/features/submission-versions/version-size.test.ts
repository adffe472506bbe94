import { describe, expect, it } from 'vitest';
import { formatVersionSize } from './version-size';

describe('formatVersionSize', () => {
  it('reads KB below a megabyte (never 0 KB) and MB with two decimals above', () => {
    expect(formatVersionSize(10)).toBe('1 KB');
    expect(formatVersionSize(2048)).toBe('2 KB');
    expect(formatVersionSize(3 * 1024 * 1024 + 512 * 1024)).toBe('3.50 MB');
  });
});
