import { describe, expect, it } from 'vitest';
import {
  gradeBand,
  gradeErrorMessage,
  isValidGrade,
  percentageOf,
  quickGrade,
  QUICK_GRADES,
} from './grading';

describe('grades', () => {
  it('accepts grades from 0 to the total on the half-point grid', () => {
    expect(isValidGrade(0, 100)).toBe(true);
    expect(isValidGrade(87.5, 100)).toBe(true);
    expect(isValidGrade(100, 100)).toBe(true);
  });

  it('rejects grades off the grid, out of range or not numbers', () => {
    expect(isValidGrade(87.25, 100)).toBe(false);
    expect(isValidGrade(-0.5, 100)).toBe(false);
    expect(isValidGrade(100.5, 100)).toBe(false);
    expect(isValidGrade(Number.NaN, 100)).toBe(false);
    expect(isValidGrade(Number.POSITIVE_INFINITY, 100)).toBe(false);
  });

  it('words the grade error with the maximum', () => {
    expect(gradeErrorMessage(50)).toBe('Grade must be between 0 and 50.');
  });

  it('rounds quick grades to whole points', () => {
    expect(QUICK_GRADES.map((q) => quickGrade(q.fraction, 75))).toEqual([68, 60, 53, 45]);
  });

  it('computes percentages to one decimal', () => {
    expect(percentageOf(43, 50)).toBe(86);
    expect(percentageOf(1, 3)).toBe(33.3);
    expect(percentageOf(5, 0)).toBe(0);
  });

  it('puts grades into colour bands at 90, 80, 70 and 60 percent', () => {
    expect(gradeBand(90, 100)).toBe('excellent');
    expect(gradeBand(89.5, 100)).toBe('good');
    expect(gradeBand(80, 100)).toBe('good');
    expect(gradeBand(70, 100)).toBe('satisfactory');
    expect(gradeBand(60, 100)).toBe('passing');
    expect(gradeBand(59.5, 100)).toBe('failing');
  });
});
