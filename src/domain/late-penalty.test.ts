import { describe, expect, it } from 'vitest';
import {
  daysLate,
  latePenaltyPercent,
  latePenaltySuggestion,
  penalizedGrade,
} from './late-penalty';

const due = '2026-03-10T23:59:00.000Z';
const plus = (ms: number) => new Date(new Date(due).getTime() + ms);
const HOUR = 60 * 60 * 1000;

describe('days late', () => {
  it('counts started days: a minute late is one day, a day and a minute two', () => {
    expect(daysLate(plus(-1), due)).toBe(0);
    expect(daysLate(plus(0), due)).toBe(0);
    expect(daysLate(plus(60_000), due)).toBe(1);
    expect(daysLate(plus(24 * HOUR), due)).toBe(1);
    expect(daysLate(plus(24 * HOUR + 60_000), due)).toBe(2);
    expect(daysLate(null, due)).toBe(0);
    expect(daysLate(plus(HOUR), null)).toBe(0);
  });
});

describe('the penalty percent', () => {
  const policy = { late_penalty_percent_per_day: 10, late_penalty_cap_percent: 30 };
  it('is per day × days, capped, and none without a rate', () => {
    expect(latePenaltyPercent(0, policy)).toBe(0);
    expect(latePenaltyPercent(2, policy)).toBe(20);
    expect(latePenaltyPercent(5, policy)).toBe(30);
    expect(latePenaltyPercent(20, { ...policy, late_penalty_cap_percent: null })).toBe(100);
    expect(
      latePenaltyPercent(3, { late_penalty_percent_per_day: 0.1, late_penalty_cap_percent: null }),
    ).toBe(0.3);
    expect(
      latePenaltyPercent(3, { late_penalty_percent_per_day: null, late_penalty_cap_percent: null }),
    ).toBe(0);
  });

  it('suggests nothing for work on time or without a late policy', () => {
    expect(latePenaltySuggestion(plus(-HOUR), due, policy)).toBeNull();
    expect(
      latePenaltySuggestion(plus(HOUR), due, {
        late_penalty_percent_per_day: null,
        late_penalty_cap_percent: null,
      }),
    ).toBeNull();
    expect(latePenaltySuggestion(plus(30 * HOUR), due, policy)).toEqual({ days: 2, percent: 20 });
  });
});

describe('the reduced grade', () => {
  it('lands on the 0.5 grade grid (nearest, halves up), never below 0', () => {
    expect(penalizedGrade(18, 20)).toBe(14.5); // 14.4
    expect(penalizedGrade(20, 10)).toBe(18);
    expect(penalizedGrade(15, 15)).toBe(13); // 12.75
    expect(penalizedGrade(9, 25)).toBe(7); // 6.75
    expect(penalizedGrade(10, 100)).toBe(0);
    expect(penalizedGrade(0, 50)).toBe(0);
  });
});
