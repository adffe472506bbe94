import { GRADE_STEP } from './limits';

/** A grade is valid when it lies in [0, total] on the 0.5 grid. */
export function isValidGrade(grade: number, totalPoints: number): boolean {
  if (!Number.isFinite(grade) || grade < 0 || grade > totalPoints) return false;
  return Number.isInteger(grade / GRADE_STEP);
}

export function gradeErrorMessage(totalPoints: number): string {
  return `Grade must be between 0 and ${totalPoints}.`;
}

export function percentageOf(grade: number, totalPoints: number): number {
  if (totalPoints <= 0) return 0;
  return Math.round((grade / totalPoints) * 1000) / 10;
}

export const QUICK_GRADES = [
  { label: 'A', fraction: 0.9 },
  { label: 'B', fraction: 0.8 },
  { label: 'C', fraction: 0.7 },
  { label: 'D', fraction: 0.6 },
] as const;

/** Quick grade buttons round to whole points (SPEC §9). */
export function quickGrade(fraction: number, totalPoints: number): number {
  return Math.round(totalPoints * fraction);
}

export type GradeBand = 'excellent' | 'good' | 'satisfactory' | 'passing' | 'failing';

export function gradeBand(grade: number, totalPoints: number): GradeBand {
  const ratio = totalPoints > 0 ? grade / totalPoints : 0;
  if (ratio >= 0.9) return 'excellent';
  if (ratio >= 0.8) return 'good';
  if (ratio >= 0.7) return 'satisfactory';
  if (ratio >= 0.6) return 'passing';
  return 'failing';
}
