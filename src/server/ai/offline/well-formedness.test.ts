import { describe, expect, it } from 'vitest';
import { tokenize } from './language';
import { formOf } from './well-formedness';

const form = (text: string) => formOf(tokenize(text));

describe('Well-formedness: sentences earn, lists of words do not', () => {
  it('reads a real sentence as fully formed', () => {
    expect(form('Binary search finds a value in a sorted array by halving the range.')).toBe(1);
    expect(form('Teenagers need eight to ten hours of sleep, according to the doctors.')).toBe(1);
  });

  it('gives a list of rubric words nothing, however relevant its words are', () => {
    expect(
      form('Hypothesis background enzyme active site denaturation testable hypothesis catalase.'),
    ).toBe(0);
    expect(form('thesis position arguable evidence statistics counterargument rebuttal')).toBe(0);
  });

  it('gives word salad with a stray grammar word little', () => {
    expect(
      form('edge cases testing empty array one element target absent not found duplicates tests'),
    ).toBeLessThan(0.5);
  });

  it('counts very short fragments in proportion to their length', () => {
    expect(form('It works.')).toBeLessThan(form('It works on every list I tried.'));
  });
});
