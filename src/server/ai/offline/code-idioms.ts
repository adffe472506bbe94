// What a line of code does, in the words a teacher would use for it. A student may never write
// "binary search" or "linked list" in a sentence, yet code that halves a range and tests an
// element for equality is searching by halving, and code that follows `.next` works on linked
// nodes. These are programming's common idioms, whatever the language; the words they give let
// the topic check see that code does the assignment's task, not only what it is named.

/** Idiom -> the words for it. Each pattern reads one line of code. */
const IDIOMS: [RegExp, string[]][] = [
  // Splitting in two: "mid = (lo + hi) // 2", "left + (right - left) / 2", "n >> 1".
  [/(?:\/\/?\s*2|>>\s*1)(?![\d.])|\*\s*0?\.5\b/, ['half', 'halve', 'middle', 'midpoint', 'binary']],
  // An element tested for equality with a value: looking something up.
  [
    /\w\s*\[[^\]]+\]\s*(?:===?|\.equals\()\s*[\w"']|[\w"']\s*===?\s*\w+\s*\[[^\]]+\]/,
    ['search', 'find', 'match', 'element', 'compare'],
  ],
  // Elements compared for order.
  [/\w\s*\[[^\]]+\]\s*[<>]=?\s*\w/, ['compare', 'comparison', 'element', 'order']],
  // Two places exchanged: "a[i], a[j] = a[j], a[i]", "tmp = a[i]".
  [
    /^\s*(\w+(?:\[[^\]]+\])?)\s*,\s*(\w+(?:\[[^\]]+\])?)\s*=\s*\2\s*,\s*\1(?!\w)|\b(?:tmp|temp)\s*=/,
    ['swap', 'exchange'],
  ],
  // Linked nodes: "node.next", "p->next".
  [/(?:\.|->)\s*next\b/, ['link', 'linked', 'node', 'pointer', 'next']],
  // Trees: "node.left", "root->right".
  [/(?:\.|->)\s*(?:left|right|children)\b/, ['tree', 'node', 'child', 'branch']],
  // Stacks and queues.
  [/\.\s*(?:push|pop)\s*\(/, ['stack', 'push', 'pop']],
  [/\b(?:deque|Queue|enqueue|dequeue|popleft|offer|poll)\b/, ['queue']],
  // Lookup tables.
  [
    /\b(?:dict|HashMap|Map|defaultdict|Counter|unordered_map)\b/,
    ['map', 'dictionary', 'hash', 'lookup'],
  ],
  // Sorting.
  [/\b(?:sort|sorted|qsort|Arrays\.sort|Collections\.sort)\s*\(/, ['sort', 'sorted', 'order']],
  // Repetition.
  [/^\s*(?:while|for|do)\b/, ['loop', 'iterate', 'repeat']],
  // Running totals and counts.
  [/\+=\s*1\b|\+\+/, ['count', 'counter']],
  [/\+=\s*(?!1\b)\w/, ['sum', 'total', 'accumulate']],
  // Smallest and largest.
  [/\b(?:min|max|Math\.min|Math\.max)\s*\(/, ['minimum', 'maximum', 'smallest', 'largest']],
  // Size of a collection.
  [/\blen\s*\(|\.length\b|\.size\s*\(/, ['length', 'size']],
  // Parity and remainders.
  [/%\s*2\b/, ['even', 'odd', 'remainder']],
  // "Not found".
  [/\breturn\s+(?:-1|None|null|nil|false)\b/, ['absent', 'missing', 'found']],
  // Tests.
  [/\b(?:assert\w*|expect)\b/, ['test', 'check']],
];

/** The words for what one line of code does; none for a line that only declares or closes. */
export function codeIdioms(line: string): string[] {
  const words = new Set<string>();
  for (const [pattern, said] of IDIOMS) if (pattern.test(line)) for (const w of said) words.add(w);
  return [...words];
}

const KEYWORDS = new Set(['if', 'while', 'for', 'switch', 'return', 'else', 'catch', 'elif']);

/**
 * Recursion shows across lines: a function that calls itself. Returns, per line, the words for
 * it ("recursion", "recursive") on the lines where the function's own name is called.
 */
export function recursionIdioms(lines: string[]): string[][] {
  const out = lines.map(() => [] as string[]);
  let current: string | null = null;
  lines.forEach((line, i) => {
    const definition =
      /\b(?:def|function|fn|func)\s+(\w+)|^\s*(?:[\w<>[\]]+\s+)+(\w+)\s*\([^;]*\)\s*\{?\s*$/.exec(
        line,
      );
    const name = definition?.[1] ?? definition?.[2];
    if (name && !KEYWORDS.has(name)) {
      current = name;
      return;
    }
    if (current && new RegExp(String.raw`\b${current}\s*\(`).test(line)) {
      out[i] = ['recursion', 'recursive'];
    }
  });
  return out;
}
