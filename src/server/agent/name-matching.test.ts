import { describe, expect, it } from 'vitest';
import { matchByName, nameTokens } from './name-matching';

const items = [
  'Homework #1',
  'Homework 2',
  'Lab 1: Sorting algorithms',
  'Final Essay',
  'CS500 Intro',
].map((title, index) => ({ id: `id-${index}`, title }));
const find = (query: string) => {
  const match = matchByName(items, query, (item) => item.title);
  if (match.kind === 'one') return match.item.title;
  if (match.kind === 'many') return match.items.map((item) => item.title);
  return null;
};

describe('loose name matching', () => {
  it('ignores case, punctuation, number words and letter-digit joins', () => {
    expect(nameTokens('Homework #1')).toEqual(['homework', '1']);
    expect(nameTokens('CS500')).toEqual(['cs', '500']);
    expect(find('homework 1')).toBe('Homework #1');
    expect(find('HOMEWORK ONE')).toBe('Homework #1');
    expect(find('homework1')).toBe('Homework #1');
    expect(find('lab one')).toBe('Lab 1: Sorting algorithms');
    expect(find('cs 500 intro')).toBe('CS500 Intro');
  });

  it('finds a title when the query misses or adds a word', () => {
    expect(find('the essay')).toBe('Final Essay');
    expect(find('final essay assignment')).toBe('Final Essay');
    expect(find('sorting lab 1')).toBe('Lab 1: Sorting algorithms');
  });

  it('never matches a different number', () => {
    expect(find('homework 3')).toBeNull();
    expect(find('lab 2')).toBeNull();
  });

  it('returns every candidate when several match equally', () => {
    expect(find('homework')).toEqual(['Homework #1', 'Homework 2']);
  });

  it('matches by id, and finds nothing for unrelated words', () => {
    expect(find('id-3')).toBe('Final Essay');
    expect(find('quantum physics')).toBeNull();
    expect(find('  ')).toBeNull();
  });
});
