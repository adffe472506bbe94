import { dueForMe, type DueDated } from './due-for-me';

type DateInput = Date | string | number;

/**
 * SPEC §2 student course page: 'Upcoming' is due in the future (soonest first), 'Past' is due
 * now or earlier (most recent first). Work without a due date is in neither; it gets a third
 * group, 'No Due Date' (in the order given), so students can still reach it. The student's
 * own due date counts (an extension moves the assignment back to 'Upcoming').
 */
export function splitByDueDate<T extends DueDated>(
  items: readonly T[],
  now: DateInput = Date.now(),
): { upcoming: T[]; past: T[]; undated: T[] } {
  const nowMs = new Date(now).getTime();
  const dated = items.flatMap((item) => {
    const due = dueForMe(item);
    return due === null ? [] : [{ item, dueMs: new Date(due).getTime() }];
  });

  const upcoming = dated.filter((entry) => entry.dueMs > nowMs).sort((a, b) => a.dueMs - b.dueMs);
  const past = dated.filter((entry) => entry.dueMs <= nowMs).sort((a, b) => b.dueMs - a.dueMs);
  return {
    upcoming: upcoming.map((entry) => entry.item),
    past: past.map((entry) => entry.item),
    undated: items.filter((item) => dueForMe(item) === null),
  };
}

/** 'N total assignments', in the singular for one. */
export function totalAssignmentsLabel(count: number): string {
  return `${count} total ${count === 1 ? 'assignment' : 'assignments'}`;
}
