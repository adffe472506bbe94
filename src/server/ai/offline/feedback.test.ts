import { describe, expect, it } from 'vitest';
import type { CriterionAssessment } from './criterion-assessment';
import { justification, missingElements, overallFeedback, recommendations } from './feedback';

const criterion = {
  name: 'Method',
  maxPoints: 8,
  description: 'Variables and steps someone could repeat',
};
const assessed = (over: Partial<CriterionAssessment>): CriterionAssessment => ({
  criterion,
  coverage: 0.7,
  points: 5.5,
  quality: 'Good',
  evidence: 'We kept the volume of peroxide at 10 cm3 in every run.',
  passages: 3,
  kinds: { code: 0, data: 1, reasoning: 2, quotation: 0 },
  echoes: 0,
  slips: [],
  defects: [],
  ...over,
});

describe('Feedback the student reads', () => {
  it('speaks to the student in correct English, counting passages right', () => {
    expect(
      justification(
        assessed({ passages: 1, kinds: { code: 0, data: 0, reasoning: 1, quotation: 0 } }),
      ),
    ).toBe(
      'Good: 1 passage of your work develops this, with 1 reasoned sentence. Evidence: "We kept the volume of peroxide at 10 cm3 in every run."',
    );
    expect(justification(assessed({}))).toMatch(
      /^Good: 3 passages of your work develop this, with 1 line of working or data and 2 reasoned sentences\./,
    );
  });

  it('says what is missing and what the rubric asks for', () => {
    const missing = assessed({
      coverage: 0,
      points: 0,
      quality: 'Missing',
      evidence: null,
      passages: 0,
    });
    expect(justification(missing)).toBe(
      'Missing: your work does not address this yet. The rubric asks for: Variables and steps someone could repeat.',
    );
    expect(missingElements([missing])).toEqual(['Method (8 points): not addressed in your work.']);
    expect(recommendations([missing], 400, null)).toEqual([
      'Add a part on Method: variables and steps someone could repeat.',
    ]);
  });

  it('tells the student when the work restates the rubric instead of doing it', () => {
    expect(justification(assessed({ echoes: 2 }))).toContain(
      "in the rubric's words instead of doing it",
    );
  });

  it('sums up without anything meant only for the teacher', () => {
    const overall = overallFeedback([assessed({})], 5.5, 8, true);
    expect(overall).toBe(
      'Suggested grade: 5.5 of 8. Your work meets 1 of 1 criterion well. Strongest: Method.',
    );
    expect(overallFeedback([assessed({})], 1, 8, false)).toContain(
      'Your work does not seem to answer the question this assignment asks',
    );
  });
});
