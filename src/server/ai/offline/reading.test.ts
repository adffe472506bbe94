import { describe, expect, it } from 'vitest';
import { parseRubric } from '@domain/rubric';
import type { GradingInput } from '../grading-engine';
import { EXERCISE_ASSIGNMENT } from '@server/test/fixtures/exercise-assignment';
import { readSubmission } from './reading';

const expectedWords = (title: string, description: string) => {
  const assignment: GradingInput['assignment'] = {
    title,
    description,
    rubricMarkdown: null,
    totalPoints: 10,
  };
  const rubric = parseRubric(null, 10, description);
  return readSubmission('A short answer.', assignment, rubric).expectedWords;
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

describe('Reading: the work as a whole is what serves the rubric', () => {
  const assignment = EXERCISE_ASSIGNMENT;
  const rubric = parseRubric(assignment.rubricMarkdown, 10, assignment.description);
  const qualityOf = (text: string) => readSubmission(text, assignment, rubric).quality;

  // Everyday facts around the subject read as specific, on-topic sentences; they serve none of
  // its criteria (the held-out sittings' padding, decision 057).
  it('counts on-topic sentences that serve no criterion for less than ones that serve one', () => {
    const around = qualityOf(
      'Exercise is popular with lots of people in our town. Footballers, swimmers and dancers train at the leisure centre on Saturdays. You should wear the right trainers and take a bottle of water with you. In our PE lesson we did star jumps and then played netball.',
    );
    const serving = qualityOf(
      'During a run the heart beats faster and each beat pumps more blood. Working muscles get more oxygen and sugar from that blood. In a sprint the muscles run short of oxygen, so they respire without it and make lactic acid. The acid makes them ache until the oxygen debt is repaid.',
    );
    expect(serving).toBeGreaterThan(2 * around);
  });
});
