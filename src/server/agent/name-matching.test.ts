import { describe, expect, it } from 'vitest';
import { matchByName, nameTokens } from './name-matching';

const items = [
  'Lab 1: Prompting a CLI Tool into Existence',
  'Homework #1',
  'Homework 2',
  'Hash Table Implementation',
  'Graph Traversal: BFS and DFS',
  'Heaps and Priority Queues',
  'Reading Quiz',
  'Reading Reflections Journal',
].map((title, i) => ({ id: `a${i}`, title }));
const courses = ['CS500', 'Data Structures and Algorithms'].map((title, i) => ({
  id: `c${i}`,
  title,
}));

const found = (query: string, list = items, kind: 'course' | 'assignment' = 'assignment') => {
  const match = matchByName(list, query, kind);
  if (match.kind === 'one') return { one: match.item.title };
  if (match.kind === 'none') return { none: true };
  return { [match.kind]: match.items.map((item) => item.title) };
};

describe('which of the teacher’s items a name identifies', () => {
  it('compares words: case, punctuation, "#", spaces in codes, number words, plurals, "HW"', () => {
    expect(nameTokens('CS500')).toEqual(['cs', '500']);
    expect(nameTokens('Homework #1')).toEqual(nameTokens('homework one'));
    expect(nameTokens('HW1')).toEqual(['homework', '1']);
    expect(nameTokens('Priority Queues')).toEqual(nameTokens('priority queue'));
  });

  it.each([
    ['homework 1', 'Homework #1'],
    ['HW2', 'Homework 2'],
    ['lab 1', 'Lab 1: Prompting a CLI Tool into Existence'],
    ['hash table', 'Hash Table Implementation'],
    ['graph traversal', 'Graph Traversal: BFS and DFS'],
    ['reading journal', 'Reading Reflections Journal'],
  ])('"%s" identifies %s', (query, title) => {
    expect(found(query)).toEqual({ one: title });
  });

  it('finds a course by its code, with or without a space, and by its initials', () => {
    expect(found('cs 500', courses, 'course')).toEqual({ one: 'CS500' });
    expect(found('DSA', courses, 'course')).toEqual({ one: 'Data Structures and Algorithms' });
    expect(found('data structures', courses, 'course')).toEqual({
      one: 'Data Structures and Algorithms',
    });
  });

  it('only offers a name that merely looks alike, never as the match', () => {
    expect(found('Graph Quiz')).toMatchObject({
      near: expect.arrayContaining(['Graph Traversal: BFS and DFS']),
    });
    expect(found('heeps and priority queus')).toEqual({ near: ['Heaps and Priority Queues'] });
    expect(found('Graph Traversal Quiz')).toMatchObject({
      near: expect.arrayContaining(['Graph Traversal: BFS and DFS']),
    });
    expect(found('cs50', courses, 'course')).toEqual({ near: ['CS500'] });
  });

  it('never lets a kind of work alone, or another number, identify anything', () => {
    expect(found('homework')).not.toHaveProperty('one');
    expect(found('homework 3')).not.toHaveProperty('one');
    expect(found('lab 2')).not.toHaveProperty('one');
  });

  it('asks which one when a name identifies several', () => {
    const twice = [...items, { id: 'other', title: 'Reading Quiz' }];
    expect(found('reading quiz', twice)).toEqual({ many: ['Reading Quiz', 'Reading Quiz'] });
    expect(found('heaps', [...items, { id: 'h', title: 'Heaps Lab' }])).toEqual({
      many: ['Heaps and Priority Queues', 'Heaps Lab'],
    });
  });
});
