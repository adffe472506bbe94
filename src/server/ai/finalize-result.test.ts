import { describe, expect, it } from 'vitest';
import type { ParsedRubric } from '@domain/rubric';
import { detailedResultSchema, type DetailedResult } from '@domain/schemas/submissions';
import { finalizeResult } from './finalize-result';

const rubric: ParsedRubric = {
  source: 'rubric',
  scaled: false,
  criteria: [
    { name: 'Problem analysis', maxPoints: 20, description: '' },
    { name: 'Prompt design', maxPoints: 30, description: '' },
    { name: 'Reflection', maxPoints: 10, description: '' },
  ],
};

function row(criteria: string, points: number, max = 99): DetailedResult['rubric_breakdown'][0] {
  return {
    criteria,
    points_earned: points,
    max_points: max,
    justification: ` ${criteria} justified `,
    quality_assessment: 'Good',
  };
}

function raw(overrides: Partial<DetailedResult> = {}): DetailedResult {
  return {
    grade: 999,
    percentage: 12,
    confidence_level: 0.7,
    feedback: {
      overall: ' Solid work. ',
      strengths: ['Clear', 'Clear', ''],
      areas_for_improvement: ['More tests'],
      missing_elements: [],
    },
    rubric_breakdown: [row('Problem analysis', 15), row('Prompt design', 20), row('Reflection', 5)],
    recommendations: ['Add tests'],
    ...overrides,
  };
}

describe('finalizeResult', () => {
  it('makes the grade the sum of the breakdown and recomputes the percentage', () => {
    const result = finalizeResult(raw(), rubric, 60, 'test engine');
    expect(result.grade).toBe(40);
    expect(result.percentage).toBe(66.7);
    expect(result.engine).toBe('test engine');
    expect(detailedResultSchema.parse(result)).toEqual(result);
  });

  it('clamps points to [0, max] and snaps them to half points', () => {
    const result = finalizeResult(
      raw({
        rubric_breakdown: [
          row('Problem analysis', 25),
          row('Prompt design', -3),
          row('Reflection', 7.3),
        ],
      }),
      rubric,
      60,
      'e',
    );
    expect(result.rubric_breakdown.map((r) => r.points_earned)).toEqual([20, 0, 7.5]);
    expect(result.grade).toBe(27.5);
  });

  it("takes each criterion's maximum from the rubric, not from the engine", () => {
    const result = finalizeResult(raw(), rubric, 60, 'e');
    expect(result.rubric_breakdown.map((r) => r.max_points)).toEqual([20, 30, 10]);
  });

  it('matches criteria by name regardless of case, spacing and decoration', () => {
    const result = finalizeResult(
      raw({
        rubric_breakdown: [
          row('reflection', 4),
          row('  PROBLEM   analysis ', 10),
          row('Prompt design (30 points)', 12),
        ],
      }),
      rubric,
      60,
      'e',
    );
    expect(result.rubric_breakdown.map((r) => [r.criteria, r.points_earned])).toEqual([
      ['Problem analysis', 10],
      ['Prompt design', 12],
      ['Reflection', 4],
    ]);
    expect(result.rubric_breakdown[2]!.justification).toBe('reflection justified');
  });

  it('drops criteria the rubric does not have and adds missing ones as not assessed', () => {
    const result = finalizeResult(
      raw({ rubric_breakdown: [row('Problem analysis', 18), row('Creativity bonus', 50)] }),
      rubric,
      60,
      'e',
    );
    expect(result.rubric_breakdown).toEqual([
      { ...row('Problem analysis', 18, 20), justification: 'Problem analysis justified' },
      {
        criteria: 'Prompt design',
        points_earned: 0,
        max_points: 30,
        justification: 'Not assessed.',
        quality_assessment: 'Not assessed',
      },
      {
        criteria: 'Reflection',
        points_earned: 0,
        max_points: 10,
        justification: 'Not assessed.',
        quality_assessment: 'Not assessed',
      },
    ]);
    expect(result.grade).toBe(18);
  });

  it('keeps the grade within the total even when the rubric maxima exceed it', () => {
    const generous: ParsedRubric = {
      ...rubric,
      criteria: rubric.criteria.map((c) => ({ ...c, maxPoints: 50 })),
    };
    const result = finalizeResult(
      raw({ rubric_breakdown: [row('Problem analysis', 50), row('Prompt design', 50)] }),
      generous,
      60,
      'e',
    );
    expect(result.grade).toBe(60);
    expect(result.percentage).toBe(100);
  });

  it('clamps the confidence to [0, 1] and treats nonsense numbers as zero', () => {
    expect(finalizeResult(raw({ confidence_level: 7 }), rubric, 60, 'e').confidence_level).toBe(1);
    expect(finalizeResult(raw({ confidence_level: -1 }), rubric, 60, 'e').confidence_level).toBe(0);
    const nan = finalizeResult(
      raw({ confidence_level: Number.NaN, rubric_breakdown: [row('Reflection', Number.NaN)] }),
      rubric,
      60,
      'e',
    );
    expect(nan.confidence_level).toBe(0);
    expect(nan.grade).toBe(0);
  });

  it('tidies the lists and keeps warnings only when there are some', () => {
    const plain = finalizeResult(raw(), rubric, 60, 'e');
    expect(plain.feedback.strengths).toEqual(['Clear']);
    expect(plain.feedback.overall).toBe('Solid work.');
    expect(plain).not.toHaveProperty('warnings');
    const warned = finalizeResult(raw({ warnings: ['Careful', 'Careful'] }), rubric, 60, 'e');
    expect(warned.warnings).toEqual(['Careful']);
  });
});
