import { describe, expect, it } from 'vitest';
import { parseRubric } from '@domain/rubric';
import type { GradingInput } from '../grading-engine';
import { readSubmission } from './reading';

const expectedWords = (title: string, description: string) => {
  const assignment: GradingInput['assignment'] = {
    title,
    description,
    rubricMarkdown: null,
    totalPoints: 10,
  };
  const rubric = parseRubric(null, 10, description);
  return readSubmission('A short answer.', assignment, rubric, () => false).expectedWords;
};

describe('Reading: how much work the assignment asks for', () => {
  it('takes the length the description gives', () => {
    expect(expectedWords('Rusting', 'Explain why iron rusts, in 250 to 450 words.')).toBe(250);
  });

  it('expects a problem’s steps, and a proof’s, rather than an essay', () => {
    const essay = expectedWords('Rusting', 'Explain why iron rusts.');
    const working = expectedWords(
      'Phone plans',
      'Find the break-even point. Show all your working.',
    );
    const proof = expectedWords(
      'Angles of a triangle',
      'Prove that the three angles of any triangle add up to 180 degrees.',
    );
    expect(working).toBeLessThan(essay);
    expect(proof).toBe(working);
  });

  it('does not take "prove your argument" or "the burden of proof" for a proof', () => {
    const essay = expectedWords('Rusting', 'Explain why iron rusts.');
    expect(expectedWords('Car-free city', 'Use three sources to prove your argument.')).toBe(essay);
    expect(expectedWords('Trials', 'Who carries the burden of proof in a criminal trial?')).toBe(
      essay,
    );
    expect(
      expectedWords('Macbeth', 'Prove that Macbeth is even more ambitious than his wife.'),
    ).toBe(essay);
  });
});
