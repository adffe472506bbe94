// Loose name matching for the agent: "homework 1" finds "Homework #1", "cs500" finds "CS 500",
// "lab one" finds "Lab 1", and a query missing a word still finds the title. Pure functions;
// callers pass only the teacher's own courses and assignments, so nothing else can match.

const NUMBER_WORDS: Record<string, string> = {
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
};
const FILLER = new Set(['the', 'a', 'an', 'my', 'our', 'of', 'for', 'and', 'to', 'in', 'on']);

/** Lower case, punctuation gone, letters and digits split ("CS500" -> "cs 500"), numbers as digits. */
export function nameTokens(name: string): string[] {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z])(\d)/g, '$1 $2')
    .replace(/(\d)([a-z])/g, '$1 $2')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) => NUMBER_WORDS[word] ?? word.replace(/^0+(?=\d)/, ''))
    .filter((word) => !FILLER.has(word));
}

const isNumber = (word: string) => /^\d+$/.test(word);

export type NameMatch<T> =
  { kind: 'one'; item: T } | { kind: 'many'; items: T[] } | { kind: 'none' };

/**
 * The best matches for `query` among `items`, by tier: the same id, the same name, every query
 * word in the title, then a title whose words are all in the query, then a query with one
 * word too many (but sharing another word with the title). Numbers never match loosely: "homework 2" does not find "Homework 1".
 */
export function matchByName<T extends { id: string }>(
  items: readonly T[],
  query: string,
  nameOf: (item: T) => string,
): NameMatch<T> {
  const byId = items.filter((item) => item.id === query.trim());
  if (byId.length > 0) return result(byId);
  const wanted = nameTokens(query);
  if (wanted.length === 0) return { kind: 'none' };
  const scored = items.map((item) => ({ item, tier: tier(wanted, nameTokens(nameOf(item))) }));
  const best = Math.min(...scored.map((entry) => entry.tier));
  if (!Number.isFinite(best)) return { kind: 'none' };
  return result(scored.filter((entry) => entry.tier === best).map((entry) => entry.item));
}

function tier(query: string[], title: string[]): number {
  if (title.length === 0) return Infinity;
  if (query.join(' ') === title.join(' ')) return 0;
  const inTitle = new Set(title);
  const inQuery = new Set(query);
  const missing = query.filter((word) => !inTitle.has(word));
  if (missing.length === 0) return 1;
  if (query.some((word) => isNumber(word) && !inTitle.has(word))) return Infinity;
  if (title.some((word) => isNumber(word) && !inQuery.has(word))) return Infinity;
  if (title.every((word) => inQuery.has(word))) return 2;
  const sharedWords = query.filter((word) => inTitle.has(word) && !isNumber(word));
  if (missing.length === 1 && sharedWords.length > 0) return 3;
  return Infinity;
}

function result<T>(items: T[]): NameMatch<T> {
  if (items.length === 1 && items[0] !== undefined) return { kind: 'one', item: items[0] };
  return items.length === 0 ? { kind: 'none' } : { kind: 'many', items };
}
