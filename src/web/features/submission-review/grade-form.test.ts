import { describe, expect, it } from 'vitest';
import type { RubricRow } from '@domain/rubric-scores';
import type { DetailedResult } from '@domain/schemas/submissions';
import {
  applySuggestion,
  canSubmitGrade,
  checkGrade,
  clearSuggestion,
  type FormSuggestion,
  type GradeFormValues,
  hasUnsavedSuggestion,
  isGradeFormChanged,
  rubricRowError,
  savedGradeForm,
  setRubricPoints,
  toGradeInput,
} from './grade-form';

const analysis = (grade: number): DetailedResult => ({
  grade,
  percentage: grade,
  confidence_level: 0.5,
  feedback: { overall: 'Fine.', strengths: [], areas_for_improvement: [], missing_elements: [] },
  rubric_breakdown: [],
  recommendations: [],
  engine: 'offline rubric matcher',
});

const suggestion = (grade: number): FormSuggestion => ({
  id: 'a7c1f1d2-0000-4000-8000-000000000001',
  grade,
  feedback: `Suggested ${grade}.`,
  result: analysis(grade),
});

const unsaved = { rubric_scores: null, graded_from_suggestion_id: null };

const pending = savedGradeForm({
  grade: null,
  feedback: null,
  show_detailed_feedback: false,
  detailed_feedback_json: null,
  ...unsaved,
});

const graded: GradeFormValues = savedGradeForm({
  grade: 87,
  feedback: 'Great work.',
  show_detailed_feedback: true,
  detailed_feedback_json: analysis(87),
  ...unsaved,
});

describe('checkGrade', () => {
  it('accepts grades from 0 to the total on the half-point grid, with their percentage and band', () => {
    expect(checkGrade('0', 100)).toEqual({
      status: 'valid',
      grade: 0,
      percentage: 0,
      band: 'failing',
    });
    expect(checkGrade('87.5', 100)).toMatchObject({ status: 'valid', percentage: 87.5 });
    expect(checkGrade(' 100 ', 100)).toMatchObject({ status: 'valid', band: 'excellent' });
    expect(checkGrade('13.5', 20)).toMatchObject({ percentage: 67.5, band: 'passing' });
  });

  it("refuses what is outside the range or off the grid with SPEC's message", () => {
    for (const text of ['-1', '100.5', '70.25', 'abc', '1e9']) {
      expect(checkGrade(text, 100)).toEqual({
        status: 'invalid',
        message: 'Grade must be between 0 and 100.',
      });
    }
  });

  it('treats an empty field as not yet typed, not as an error', () => {
    expect(checkGrade('', 100)).toEqual({ status: 'empty' });
    expect(checkGrade('  ', 100)).toEqual({ status: 'empty' });
  });

  it('colours by the thresholds 90, 80, 70 and 60 percent of the total', () => {
    const bandOf = (text: string) => {
      const check = checkGrade(text, 50);
      return check.status === 'valid' ? check.band : check.status;
    };
    expect(['45', '44.5', '40', '35', '30', '29.5'].map(bandOf)).toEqual([
      'excellent',
      'good',
      'good',
      'satisfactory',
      'passing',
      'failing',
    ]);
  });
});

describe('savedGradeForm', () => {
  it('starts a pending submission empty', () => {
    expect(pending).toEqual({
      grade: '',
      feedback: '',
      showDetailedFeedback: false,
      analysis: null,
      rubric: null,
      suggestionId: null,
    });
  });

  it('fills the saved grade, feedback, choice and analysis', () => {
    expect(graded).toMatchObject({
      grade: '87',
      feedback: 'Great work.',
      showDetailedFeedback: true,
    });
    expect(graded.analysis?.grade).toBe(87);
  });
});

describe('isGradeFormChanged', () => {
  it('sees no change in the saved values, an equal number or spaces around the feedback', () => {
    expect(isGradeFormChanged(graded, graded)).toBe(false);
    expect(isGradeFormChanged({ ...graded, grade: '87.0' }, graded)).toBe(false);
    expect(isGradeFormChanged({ ...graded, feedback: ' Great work.\n' }, graded)).toBe(false);
    // The same analysis read again (a new object) is not a change.
    expect(isGradeFormChanged({ ...graded, analysis: analysis(87) }, graded)).toBe(false);
  });

  it('sees a new grade, feedback, choice or analysis', () => {
    expect(isGradeFormChanged({ ...pending, grade: '80' }, pending)).toBe(true);
    expect(isGradeFormChanged({ ...graded, grade: '86.5' }, graded)).toBe(true);
    expect(isGradeFormChanged({ ...graded, feedback: 'Good.' }, graded)).toBe(true);
    expect(isGradeFormChanged({ ...graded, showDetailedFeedback: false }, graded)).toBe(true);
    expect(isGradeFormChanged({ ...graded, analysis: null }, graded)).toBe(true);
    expect(isGradeFormChanged({ ...graded, analysis: analysis(70) }, graded)).toBe(true);
  });
});

describe('canSubmitGrade', () => {
  const check = (values: GradeFormValues, busy = false) =>
    canSubmitGrade({ values, baseline: pending, totalPoints: 100, busy });

  it('needs a valid grade, a change and no save in progress', () => {
    expect(check({ ...pending, grade: '80' })).toBe(true);
    expect(check(pending)).toBe(false);
    expect(check({ ...pending, feedback: 'Nice.' })).toBe(false);
    expect(check({ ...pending, grade: '120' })).toBe(false);
    expect(check({ ...pending, grade: '80' }, true)).toBe(false);
  });
});

describe("Mylo's suggestion", () => {
  it('prefills the grade and feedback, keeps the choice, and is marked unsaved', () => {
    const values = applySuggestion({ ...pending, showDetailedFeedback: true }, suggestion(69.5));
    expect(values).toMatchObject({
      grade: '69.5',
      feedback: 'Suggested 69.5.',
      showDetailedFeedback: true,
    });
    expect(hasUnsavedSuggestion(values, pending)).toBe(true);
    expect(canSubmitGrade({ values, baseline: pending, totalPoints: 100, busy: false })).toBe(true);
  });

  it('is sent with the grade, and is no longer unsaved once saved', () => {
    const values = applySuggestion(pending, suggestion(69.5));
    expect(toGradeInput({ ...values, grade: '80' })).toEqual({
      grade: 80,
      feedback: 'Suggested 69.5.',
      show_detailed_feedback: false,
      detailed_feedback_json: analysis(69.5),
      suggestion_id: suggestion(69.5).id,
      rubric_scores: null,
    });
    const saved = savedGradeForm({
      grade: 80,
      feedback: 'Suggested 69.5.',
      show_detailed_feedback: false,
      detailed_feedback_json: analysis(69.5),
      ...unsaved,
    });
    expect(hasUnsavedSuggestion(saved, saved)).toBe(false);
  });

  it('is discarded by Clear Auto-Grade, which restores the saved grade and feedback', () => {
    const held = applySuggestion({ ...pending, grade: '75' }, suggestion(69.5));
    expect(hasUnsavedSuggestion(held, pending)).toBe(true);
    const cleared = clearSuggestion(pending);
    expect(cleared).toEqual(pending);
    expect(isGradeFormChanged(cleared, pending)).toBe(false);
  });

  it('clearing a saved analysis is a change the teacher can save', () => {
    const cleared = clearSuggestion(graded);
    expect(cleared).toMatchObject({ grade: '87', feedback: 'Great work.', analysis: null });
    expect(isGradeFormChanged(cleared, graded)).toBe(true);
    expect(toGradeInput(cleared).detailed_feedback_json).toBeNull();
  });
});

describe('rubric rows', () => {
  const rows: RubricRow[] = [
    { criteria: 'Correctness', max_points: 6 },
    { criteria: 'Analysis', max_points: 4 },
  ];
  const empty = savedGradeForm(
    {
      grade: null,
      feedback: null,
      show_detailed_feedback: false,
      detailed_feedback_json: null,
      ...unsaved,
    },
    rows,
  );

  it('start empty, or with the saved points', () => {
    expect(empty.rubric).toEqual({ Correctness: '', Analysis: '' });
    const saved = savedGradeForm(
      {
        grade: 8.5,
        feedback: null,
        show_detailed_feedback: false,
        detailed_feedback_json: null,
        rubric_scores: [
          { criteria: 'Correctness', points_earned: 5.5, max_points: 6 },
          { criteria: 'Analysis', points_earned: 3, max_points: 4 },
        ],
        graded_from_suggestion_id: null,
      },
      rows,
    );
    expect(saved.rubric).toEqual({ Correctness: '5.5', Analysis: '3' });
  });

  it('make the grade their sum once every row holds valid points', () => {
    const one = setRubricPoints(empty, rows, 'Correctness', '5.5');
    expect(one.grade).toBe('');
    const both = setRubricPoints(one, rows, 'Analysis', '3');
    expect(both.grade).toBe('8.5');
    expect(toGradeInput(both, rows).rubric_scores).toEqual([
      { criteria: 'Correctness', points_earned: 5.5, max_points: 6 },
      { criteria: 'Analysis', points_earned: 3, max_points: 4 },
    ]);
    // Moving points between criteria is a change even when the total stays the same.
    const moved = setRubricPoints(
      setRubricPoints(both, rows, 'Correctness', '4.5'),
      rows,
      'Analysis',
      '4',
    );
    expect(moved.grade).toBe('8.5');
    expect(isGradeFormChanged(moved, both)).toBe(true);
  });

  it('are not saved when the teacher types a grade of their own', () => {
    const rowsFilled = setRubricPoints(
      setRubricPoints(empty, rows, 'Correctness', '6'),
      rows,
      'Analysis',
      '4',
    );
    expect(toGradeInput({ ...rowsFilled, grade: '9' }, rows).rubric_scores).toBeNull();
  });

  it("take Mylo's points per criterion with its suggestion", () => {
    const result: DetailedResult = {
      ...analysis(7),
      rubric_breakdown: [
        {
          criteria: 'Correctness',
          points_earned: 4,
          max_points: 6,
          justification: '',
          quality_assessment: '',
        },
        {
          criteria: 'Analysis',
          points_earned: 3,
          max_points: 4,
          justification: '',
          quality_assessment: '',
        },
      ],
    };
    const values = applySuggestion(empty, { id: null, grade: 7, feedback: 'Ok.', result });
    expect(values.rubric).toEqual({ Correctness: '4', Analysis: '3' });
    expect(toGradeInput(values, rows).rubric_scores).toHaveLength(2);
  });

  it('explain points outside a criterion’s range', () => {
    expect(rubricRowError('7', rows[0]!)).toBe('Points must be between 0 and 6.');
    expect(rubricRowError('2.25', rows[0]!)).toBe('Points must be between 0 and 6.');
    expect(rubricRowError('', rows[0]!)).toBeUndefined();
    expect(rubricRowError('6', rows[0]!)).toBeUndefined();
  });
});
