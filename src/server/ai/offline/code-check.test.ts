import { describe, expect, it } from 'vitest';
import { codeDefects } from './code-check';

const lines = (code: string) => code.split('\n').map((l) => l.trim());

describe('Code check: does the loop make progress?', () => {
  it('finds a bound set to a midpoint that can equal it', () => {
    const defects = codeDefects(
      lines(`def find(xs, x):
        lo = 0
        hi = len(xs) - 1
        while lo < hi:
        mid = (lo + hi) // 2
        if xs[mid] < x:
        lo = mid
        else:
        hi = mid
        return lo`),
    );
    expect(defects.map((d) => d.line)).toEqual(['lo = mid']);
    expect(defects[0]!.why).toMatch(/range stops shrinking/);
  });

  it('finds the same with a loop that runs while low <= high, in C-like code', () => {
    const defects = codeDefects(
      lines(`int find(int *a, int n, int x) {
        int low = 0, high = n - 1;
        while (low <= high) {
        int mid = low + (high - low) / 2;
        if (a[mid] == x) return mid;
        if (a[mid] < x) low = mid + 1;
        else high = mid;
        }
        return -1;
        }`),
    );
    expect(defects.map((d) => d.line)).toEqual(['else high = mid;']);
  });

  it('accepts loops that shrink the range every time', () => {
    for (const code of [
      `while low <= high:
      mid = low + (high - low) // 2
      if items[mid] < target:
      low = mid + 1
      else:
      high = mid - 1`,
      // The usual "first position" search: hi = mid is safe while lo < hi.
      `while lo < hi:
      mid = (lo + hi) // 2
      if a[mid] < x:
      lo = mid + 1
      else:
      hi = mid`,
      `while (lo <= hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (arr[mid] < value) lo = mid + 1;
      else hi = mid - 1;
      }`,
    ]) {
      expect(codeDefects(lines(code)), code).toEqual([]);
    }
  });

  it('finds a loop that never changes what it tests, and accepts one that does', () => {
    expect(codeDefects(lines(`i = 0\nwhile i < n:\ntotal += xs[i]\nprint(total)`))).toHaveLength(1);
    for (const code of [
      'while i < n:\ntotal += xs[i]\ni += 1',
      'while (i < n) {\nsum += a[i++];\n}',
      'while curr is not None:\nnxt = curr.next\ncurr.next = prev\nprev = curr\ncurr = nxt',
      'while queue:\nnode = queue.pop()',
      'while True:\nline = read()\nif not line:\nbreak',
      'while (!done()) {\nstep();\n}',
    ]) {
      expect(codeDefects(lines(code)), code).toEqual([]);
    }
  });
});
