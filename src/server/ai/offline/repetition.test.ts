import { describe, expect, it } from 'vitest';
import { repeatedShare, uniqueness } from './repetition';
import { textUnits } from './text-units';

const weights = (text: string) => uniqueness(textUnits(text));

describe('Repetition: padding earns nothing', () => {
  it('credits a sentence said twice only once', () => {
    const said = 'Binary search is a very important algorithm in computer science.';
    expect(weights(`${said}\n${said}`)).toEqual([1, 0]);
  });

  it('credits a reshuffled sentence little', () => {
    expect(
      weights(
        'Binary search is a very important algorithm in computer science.\nIn computer science, binary search is an important and very useful algorithm.',
      )[1],
    ).toBeLessThan(0.5);
  });

  it('keeps parallel working with new figures, and repeated shapes of code', () => {
    expect(
      weights(
        'For 150 minutes Plan A costs 24 dollars, so Plan A is the cheaper plan.\nFor 300 minutes Plan A costs 36 dollars, so Plan B is the cheaper plan.',
      ),
    ).toEqual([1, 1]);
    expect(weights('assert find([4], 4) == 0\nassert find([4], 5) == -1')).toEqual([1, 1]);
  });

  it('measures how much of a text repeats itself', () => {
    const padded = 'Sleep is very important for every student in every school.\n'.repeat(3);
    const units = textUnits(padded);
    expect(repeatedShare(units, uniqueness(units))).toBeCloseTo(2 / 3);
  });
});
