import { describe, expect, it } from 'vitest';
import { dueStatus, dueStatusLabel, formatDateTime, isLate, isOverdue, relativeDay } from './dates';

const now = new Date(2026, 10, 22, 10, 0); // 22 Nov 2026, 10:00 local time

describe('late and overdue', () => {
  it('marks a submission late only when it came after the due date', () => {
    expect(isLate('2026-11-20T10:00:01Z', '2026-11-20T10:00:00Z')).toBe(true);
    expect(isLate('2026-11-20T10:00:00Z', '2026-11-20T10:00:00Z')).toBe(false);
    expect(isLate('2026-11-20T10:00:00Z', null)).toBe(false);
  });

  it('calls an assignment overdue once its due date has passed', () => {
    expect(isOverdue(new Date(2026, 10, 22, 9, 59), now)).toBe(true);
    expect(isOverdue(new Date(2026, 10, 22, 10, 1), now)).toBe(false);
    expect(isOverdue(null, now)).toBe(false);
  });
});

describe('due status tile', () => {
  it('says Overdue, Due Today or N days left rounded up', () => {
    expect(dueStatusLabel(dueStatus(new Date(2026, 10, 21, 23, 0), now))).toBe('Overdue');
    expect(dueStatusLabel(dueStatus(new Date(2026, 10, 22, 23, 0), now))).toBe('Due Today');
    expect(dueStatusLabel(dueStatus(new Date(2026, 10, 23, 9, 0), now))).toBe('1 day left');
    expect(dueStatusLabel(dueStatus(new Date(2026, 10, 24, 11, 0), now))).toBe('3 days left');
  });
});

describe('relative chat dates', () => {
  it('uses Today, Yesterday and N days ago within a week, then the full date', () => {
    expect(relativeDay(new Date(2026, 10, 22, 0, 5), now)).toBe('Today');
    expect(relativeDay(new Date(2026, 10, 21, 23, 55), now)).toBe('Yesterday');
    expect(relativeDay(new Date(2026, 10, 16, 12, 0), now)).toBe('6 days ago');
    expect(relativeDay(new Date(2026, 10, 15, 12, 0), now)).toBe('November 15, 2026');
  });
});

describe('date display', () => {
  it('shows short month, day, year, hour and minute in en-US', () => {
    expect(formatDateTime(new Date(2026, 11, 5, 14, 30))).toBe('Dec 5, 2026, 2:30 PM');
  });
});
