import { describe, expect, it } from 'vitest';
import { reviewPosition, type ReviewItem } from './review-order';

const item = (id: string, day: number, grade: number | null = null): ReviewItem => ({
  id,
  submitted_at: `2026-03-0${day}T10:00:00.000Z`,
  grade,
});

describe('reviewPosition', () => {
  const items = [item('d', 4), item('a', 1, 8), item('c', 3), item('b', 2)];

  it('counts what is reviewed and starts at the oldest work still to grade', () => {
    expect(reviewPosition(items, null)).toMatchObject({
      reviewed: 1,
      total: 4,
      firstToReviewId: 'b',
      previousId: null,
      nextId: null,
    });
  });

  it('moves to the next ungraded work, skipping graded work, and wraps round', () => {
    expect(reviewPosition(items, 'b')).toMatchObject({ nextId: 'c', previousId: 'd' });
    expect(reviewPosition(items, 'd')).toMatchObject({ nextId: 'b', previousId: 'c' });
    // From a graded one, too.
    expect(reviewPosition(items, 'a')).toMatchObject({ nextId: 'b', previousId: 'd' });
  });

  it('once everything is graded, walks through all of it in order', () => {
    const graded = items.map((i) => ({ ...i, grade: 5 }));
    expect(reviewPosition(graded, 'b')).toMatchObject({
      nextId: 'c',
      previousId: 'a',
      reviewed: 4,
      firstToReviewId: null,
    });
  });

  it('has nowhere to go with one submission, and ignores work never handed in', () => {
    expect(reviewPosition([item('a', 1)], 'a')).toMatchObject({ nextId: null, previousId: null });
    const draft: ReviewItem = { id: 'z', submitted_at: null, grade: null };
    expect(reviewPosition([item('a', 1), draft], 'a')).toMatchObject({ total: 1, nextId: null });
  });
});
