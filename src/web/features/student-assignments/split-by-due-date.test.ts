import { describe, expect, it } from 'vitest';
import { splitByDueDate, totalAssignmentsLabel } from './split-by-due-date';

const now = '2025-03-10T12:00:00.000Z';
const item = (id: string, due_date: string | null) => ({ id, due_date });

describe('splitByDueDate', () => {
  it('puts future due dates in upcoming, soonest first', () => {
    const { upcoming } = splitByDueDate(
      [item('later', '2025-04-01T00:00:00.000Z'), item('soon', '2025-03-11T00:00:00.000Z')],
      now,
    );
    expect(upcoming.map((a) => a.id)).toEqual(['soon', 'later']);
  });

  it('puts past due dates, and one due this very moment, in past, most recent first', () => {
    const { upcoming, past } = splitByDueDate(
      [
        item('long-ago', '2025-01-01T00:00:00.000Z'),
        item('now', now),
        item('yesterday', '2025-03-09T12:00:00.000Z'),
      ],
      now,
    );
    expect(upcoming).toEqual([]);
    expect(past.map((a) => a.id)).toEqual(['now', 'yesterday', 'long-ago']);
  });

  it('puts assignments without a due date in neither group but in their own', () => {
    const { upcoming, past, undated } = splitByDueDate(
      [item('journal', null), item('soon', '2025-03-11T00:00:00.000Z'), item('reading', null)],
      now,
    );
    expect(upcoming.map((a) => a.id)).toEqual(['soon']);
    expect(past).toEqual([]);
    expect(undated.map((a) => a.id)).toEqual(['journal', 'reading']);
  });
});

describe('totalAssignmentsLabel', () => {
  it('counts every assignment, in the singular for one', () => {
    expect(totalAssignmentsLabel(0)).toBe('0 total assignments');
    expect(totalAssignmentsLabel(1)).toBe('1 total assignment');
    expect(totalAssignmentsLabel(4)).toBe('4 total assignments');
  });
});
