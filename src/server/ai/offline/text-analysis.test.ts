import { describe, expect, it } from 'vitest';
import { splitSentences, stem, termsOf } from './text-analysis';

describe('text analysis for the offline grader', () => {
  it.each([
    ['tests', 'tested', 'testing'],
    ['evaluation', 'evaluate', 'evaluating'],
    ['iteration', 'iterative', 'iterations'],
    ['analysis', 'analyse', 'analyzed'],
    ['collision', 'collide', 'colliding'],
    ['amortised', 'amortized', 'amortize'],
    ['behaviour', 'behavior', 'behaviours'],
    ['edge', 'edges', 'edge'],
  ])('stems "%s", "%s" and "%s" alike', (a, b, c) => {
    expect(stem(b)).toBe(stem(a));
    expect(stem(c)).toBe(stem(a));
  });

  it('keeps different words apart', () => {
    expect(stem('complexity')).not.toBe(stem('complete'));
    expect(stem('state')).not.toBe(stem('statistics'));
  });

  it('drops stop words and rubric filler, keeping the first written form', () => {
    expect(
      termsOf('The student clearly explains the Tests and testing of it').map((t) => t.word),
    ).toEqual(['explains', 'tests']);
  });

  it('joins wrapped PDF lines and keeps headings apart from the text under them', () => {
    const text =
      'Lab report\n1. Problem analysis\nThe tool reads a CSV file and prints the count, mean and median of one\nnamed column. It skips bad values.\n• An empty file prints count 0.';
    expect(splitSentences(text)).toEqual([
      { text: 'Lab report', isHeading: true, heading: null },
      { text: '1. Problem analysis', isHeading: true, heading: null },
      {
        text: 'The tool reads a CSV file and prints the count, mean and median of one named column.',
        isHeading: false,
        heading: '1. Problem analysis',
      },
      { text: 'It skips bad values.', isHeading: false, heading: '1. Problem analysis' },
      { text: 'An empty file prints count 0.', isHeading: false, heading: '1. Problem analysis' },
    ]);
  });
});
