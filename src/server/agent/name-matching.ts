// How Mylo tells which of the teacher's own courses or assignments a name means (issue 12,
// docs/decisions/016). Callers pass only the teacher's own items, so nothing else can match.
//
// A name *identifies* an item (a write may act on it) when, compared as words ("CS500" = "cs
// 500", "Homework #1" = "homework one" = "HW1", "Queues" = "queue"):
//   - it is the title, or one of the title's short forms: the part before a colon or dash
//     ("Lab 1" for "Lab 1: Prompting a CLI Tool"), a course code ("CS500" in "CS500 -
//     Software") or a course's initials ("DSA" for "Data Structures and Algorithms"); or
//   - every word of it is a word of the title, with at least one word that is not a kind of
//     work ("hash table" for "Hash Table Implementation"; "lab" alone identifies nothing).
// Anything else that merely looks alike (a typo, "Graph Quiz" next to "Graph Traversal") is a
// *near* match: Mylo asks "Did you mean …?" and never acts on it. Fuzzy likeness is fuse.js's.
import Fuse from 'fuse.js';

const NUMBER_WORDS: Record<string, string> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  first: '1',
  second: '2',
  third: '3',
  fourth: '4',
  fifth: '5',
  i: '1',
  ii: '2',
  iii: '3',
};
/** Short forms teachers type for words in titles. */
const ABBREVIATIONS: Record<string, string> = {
  hw: 'homework',
  hwk: 'homework',
  proj: 'project',
  assn: 'assignment',
  asgmt: 'assignment',
  intro: 'introduction',
};
/** Words that never tell two titles apart. */
const FILLER = new Set(['the', 'a', 'an', 'my', 'our', 'of', 'for', 'and', 'to', 'in', 'on', 'no']);
/** Kinds of work: shared by many titles, so they alone identify nothing. */
export const KIND_WORDS = new Set([
  'assignment',
  'homework',
  'lab',
  'quiz',
  'essay',
  'project',
  'test',
  'exam',
  'worksheet',
  'exercise',
  'problem',
  'set',
  'reading',
  'report',
  'paper',
  'task',
  'course',
  'class',
]);

function singular(word: string): string {
  if (word.length <= 3 || /\d/.test(word) || /(ss|us|is)$/.test(word)) return word;
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** One word as compared: lower case, no accents, number words as digits, singular. */
function canonicalWord(word: string): string {
  const number = NUMBER_WORDS[word];
  if (number) return number;
  const expanded = ABBREVIATIONS[word] ?? word;
  return /^\d+$/.test(expanded) ? expanded.replace(/^0+(?=\d)/, '') : singular(expanded);
}

/** A name as the words compared: "CS500" -> cs 500, "Homework #1" -> homework 1. */
export function nameTokens(name: string): string[] {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/([a-z])(\d)/g, '$1 $2')
    .replace(/(\d)([a-z])/g, '$1 $2')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map(canonicalWord)
    .filter((word) => !FILLER.has(word));
}

const isNumber = (word: string) => /^\d+$/.test(word);
const sameWords = (a: string[], b: string[]) =>
  a.length === b.length && a.every((w, i) => w === b[i]);

/** The short forms a title also goes by (see the header). */
export function titleAliases(title: string, kind: 'course' | 'assignment'): string[][] {
  const aliases = [nameTokens(title)];
  const head = /^(.+?)\s*(?::|\s[-–—]\s)/.exec(title)?.[1];
  if (head && nameTokens(head).length > 0) aliases.push(nameTokens(head));
  if (kind === 'course') {
    for (const code of title.match(/\b[A-Za-z]{2,5}\s?-?\d{2,4}[A-Za-z]?\b/g) ?? []) {
      aliases.push(nameTokens(code));
    }
    const words = title
      .split(/[^A-Za-z]+/)
      .filter(
        (w) =>
          w && !['and', 'of', 'the', 'to', 'for', 'in', 'on', 'with'].includes(w.toLowerCase()),
      );
    if (words.length >= 2) aliases.push([words.map((w) => w[0]!.toLowerCase()).join('')]);
  }
  return aliases.filter((alias) => alias.length > 0);
}

export type MatchTier = 'exact' | 'words' | 'near';

export type NameMatch<T> =
  | { kind: 'one'; item: T; tier: 'id' | 'exact' | 'words' }
  | { kind: 'many'; items: T[] }
  | { kind: 'near'; items: T[] }
  | { kind: 'none' };

interface Named {
  id: string;
  title: string;
}

/** How well the words of a name identify a title: exact, words, or not at all (null). */
export function identifies(
  query: string[],
  title: string,
  kind: 'course' | 'assignment',
): 'exact' | 'words' | null {
  if (query.length === 0) return null;
  const aliases = titleAliases(title, kind);
  if (aliases.some((alias) => sameWords(alias, query))) return 'exact';
  const words = new Set(aliases[0]);
  if (!query.every((word) => words.has(word))) return null;
  // At least one word that says which one, not only what kind ("lab", "homework 1" is fine).
  const distinctive = query.some((word) => !KIND_WORDS.has(word) && !isNumber(word));
  const numbered = query.some(isNumber) && query.some((word) => KIND_WORDS.has(word));
  return distinctive || numbered ? 'words' : null;
}

/**
 * Which item `query` names among `items`: the same id; else the items it identifies (exact
 * before words-only); else near matches, best first (at most `maxNear`).
 */
export function matchByName<T extends Named>(
  items: readonly T[],
  query: string,
  kind: 'course' | 'assignment',
  maxNear = 3,
): NameMatch<T> {
  const byId = items.filter((item) => item.id === query.trim());
  if (byId.length === 1) return { kind: 'one', item: byId[0]!, tier: 'id' };
  const wanted = nameTokens(query);
  if (wanted.length === 0) return { kind: 'none' };
  const tiers = items.map((item) => ({ item, tier: identifies(wanted, item.title, kind) }));
  for (const tier of ['exact', 'words'] as const) {
    const found = tiers.filter((entry) => entry.tier === tier).map((entry) => entry.item);
    if (found.length === 1) return { kind: 'one', item: found[0]!, tier };
    if (found.length > 1) return { kind: 'many', items: found };
  }
  const near = nearMatches(items, wanted, kind).slice(0, maxNear);
  return near.length ? { kind: 'near', items: near } : { kind: 'none' };
}

const NEAR_THRESHOLD = 0.45;

/** Titles that look like the query (typos) or share a word that is not a kind of work. */
function nearMatches<T extends Named>(
  items: readonly T[],
  wanted: string[],
  kind: 'course' | 'assignment',
): T[] {
  const entries = items.flatMap((item) =>
    titleAliases(item.title, kind).map((alias) => ({ item, text: alias.join(' ') })),
  );
  const fuse = new Fuse(entries, {
    keys: ['text'],
    includeScore: true,
    ignoreLocation: true,
    threshold: NEAR_THRESHOLD,
  });
  const scores = new Map<T, number>();
  for (const hit of fuse.search(wanted.join(' '))) {
    const score = hit.score ?? 1;
    if (score <= NEAR_THRESHOLD && score < (scores.get(hit.item.item) ?? 1)) {
      scores.set(hit.item.item, score);
    }
  }
  const distinctive = wanted.filter((word) => !KIND_WORDS.has(word) && !isNumber(word));
  for (const item of items) {
    const words = new Set(nameTokens(item.title));
    if (!scores.has(item) && distinctive.some((word) => words.has(word))) scores.set(item, 0.5);
  }
  return [...scores.entries()].sort((a, b) => a[1] - b[1]).map(([item]) => item);
}

/** Whether some run of the text's words is the title or one of its short forms, exactly. */
export function mentionsExactly(
  text: string,
  title: string,
  kind: 'course' | 'assignment',
): boolean {
  const words = nameTokens(text);
  const aliases = titleAliases(title, kind);
  return aliases.some((alias) =>
    words.some((_, i) => sameWords(words.slice(i, i + alias.length), alias)),
  );
}
