import { describe, expect, it } from 'vitest';
import type { AutoGradeResult, DetailedResult } from '@domain/schemas/submissions';
import {
  applySuggestion,
  canSubmitGrade,
  checkGrade,
  clearSuggestion,
  type GradeFormValues,
  hasUnsavedSuggestion,
  isGradeFormChanged,
  savedGradeForm,
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

const suggestion = (grade: number): AutoGradeResult => ({
  success: true,
  grade,
  feedback: `Suggested ${grade}.`,
  detailed_result: analysis(grade),
});

const pending = savedGradeForm({
  grade: null,
  feedback: null,
  show_detailed_feedback: false,
  detailed_feedback_json: null,
});

const graded: GradeFormValues = savedGradeForm({
  grade: 87,
  feedback: 'Great work.',
  show_detailed_feedback: true,
  detailed_feedback_json: analysis(87),
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
    });
    const saved = savedGradeForm({
      grade: 80,
      feedback: 'Suggested 69.5.',
      show_detailed_feedback: false,
      detailed_feedback_json: analysis(69.5),
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
