import { describe, expect, it } from 'vitest';
import { codeIdioms, recursionIdioms } from './code-idioms';

describe('Code idioms: what a line of code does, in words', () => {
  it('reads halving a range as working by halves, in any language', () => {
    for (const line of [
      'mid = (lo + hi) // 2',
      'int centre = left + (right - left) / 2;',
      'const m = (a + b) >> 1;',
    ]) {
      expect(codeIdioms(line)).toEqual(expect.arrayContaining(['half', 'middle', 'binary']));
    }
    expect(codeIdioms('total = total / 12')).not.toContain('half');
  });

  it('reads an element tested for equality as looking something up, and order tests as comparing', () => {
    expect(codeIdioms('if (a[centre] == want) return centre;')).toContain('search');
    expect(codeIdioms('if items[mid] == target:')).toContain('search');
    const ordering = codeIdioms('if values[j] > values[j + 1]:');
    expect(ordering).toContain('compare');
    expect(ordering).not.toContain('search');
  });

  it('reads swaps, linked nodes, loops, counts and tests', () => {
    expect(codeIdioms('values[j], values[j + 1] = values[j + 1], values[j]')).toContain('swap');
    expect(codeIdioms('nxt = curr.next')).toContain('linked');
    expect(codeIdioms('while (p->next != NULL) {')).toEqual(
      expect.arrayContaining(['linked', 'loop']),
    );
    expect(codeIdioms('count += 1')).toContain('count');
    expect(codeIdioms('assert f([]) == -1')).toContain('test');
  });

  it('finds recursion only where a function calls itself', () => {
    const lines = [
      'def fact(n):',
      'if n <= 1:',
      'return 1',
      'return n * fact(n - 1)',
      'def main():',
      'print(fact(5))',
    ];
    const words = recursionIdioms(lines);
    expect(words[3]).toContain('recursive');
    expect(words[5]).toEqual([]);
    expect(recursionIdioms(['} else if (x < 0) {', 'if (y) return 1;'])).toEqual([[], []]);
  });

  it('says nothing for a line that only declares or closes', () => {
    expect(codeIdioms('}')).toEqual([]);
    expect(codeIdioms('int n = 10;')).toEqual([]);
  });
});
