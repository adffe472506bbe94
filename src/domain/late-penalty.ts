// The late policy's suggestion (docs/decisions/029): a percent of the grade per started day
// late, capped. Shown beside the grade; nothing is deducted unless the teacher applies it.
import { GRADE_STEP } from './limits';

const DAY_MS = 24 * 60 * 60 * 1000;

type DateInput = Date | string | number;
const toTime = (value: DateInput) => (value instanceof Date ? value : new Date(value)).getTime();

export interface LatePenaltyPolicy {
  late_penalty_percent_per_day: number | null;
  late_penalty_cap_percent: number | null;
}

/** Started days late: a minute late is one day, 24 hours and a minute are two. 0 when on time. */
export function daysLate(submittedAt: DateInput | null, dueDate: DateInput | null): number {
  if (submittedAt === null || dueDate === null) return 0;
  const late = toTime(submittedAt) - toTime(dueDate);
  return late > 0 ? Math.ceil(late / DAY_MS) : 0;
}

/** The percent to deduct for `days` late: per day × days, at most the cap (or 100). */
export function latePenaltyPercent(days: number, policy: LatePenaltyPolicy): number {
  const perDay = policy.late_penalty_percent_per_day;
  if (!perDay || days <= 0) return 0;
  const cap = policy.late_penalty_cap_percent ?? 100;
  // One decimal, so 3 × 0.1 is 0.3, not 0.30000000000000004.
  return Math.min(cap, Math.round(days * perDay * 10) / 10, 100);
}

/** The grade less `percent`, on the grade grid (nearest 0.5, halves up), never below 0. */
export function penalizedGrade(grade: number, percent: number): number {
  const reduced = grade * (1 - percent / 100);
  return Math.max(0, Math.round(reduced / GRADE_STEP + 1e-9) * GRADE_STEP);
}

export interface LatePenaltySuggestion {
  days: number;
  percent: number;
}

/** What the review screen suggests for a submission, or null (on time, or no late policy). */
export function latePenaltySuggestion(
  submittedAt: DateInput | null,
  dueDate: DateInput | null,
  policy: LatePenaltyPolicy,
): LatePenaltySuggestion | null {
  const days = daysLate(submittedAt, dueDate);
  const percent = latePenaltyPercent(days, policy);
  return percent > 0 ? { days, percent } : null;
}

/** "2 days late" */
export const daysLateLabel = (days: number) => `${days} ${days === 1 ? 'day' : 'days'} late`;
