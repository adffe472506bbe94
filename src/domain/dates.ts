const DAY_MS = 24 * 60 * 60 * 1000;

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** A submission is late when it was submitted after the assignment's due date. */
export function isLate(submittedAt: DateInput | null, dueDate: DateInput | null): boolean {
  if (!submittedAt || !dueDate) return false;
  return toDate(submittedAt).getTime() > toDate(dueDate).getTime();
}

export function isOverdue(dueDate: DateInput | null, now: DateInput = Date.now()): boolean {
  if (!dueDate) return false;
  return toDate(dueDate).getTime() < toDate(now).getTime();
}

export type DueStatus =
  { kind: 'overdue' } | { kind: 'due-today' } | { kind: 'days-left'; days: number };

/** Student assignment tile: 'Overdue', 'Due Today' or 'N days left' (rounded up). */
export function dueStatus(dueDate: DateInput, now: DateInput = Date.now()): DueStatus {
  const due = toDate(dueDate);
  const current = toDate(now);
  if (due.getTime() < current.getTime()) return { kind: 'overdue' };
  if (due.toDateString() === current.toDateString()) return { kind: 'due-today' };
  return { kind: 'days-left', days: Math.ceil((due.getTime() - current.getTime()) / DAY_MS) };
}

export function dueStatusLabel(status: DueStatus): string {
  if (status.kind === 'overdue') return 'Overdue';
  if (status.kind === 'due-today') return 'Due Today';
  return `${status.days} ${status.days === 1 ? 'day' : 'days'} left`;
}

/** Chat thread dates: Today, Yesterday, 'N days ago' within 7 days, otherwise a full date. */
export function relativeDay(value: DateInput, now: DateInput = Date.now()): string {
  const date = toDate(value);
  const current = toDate(now);
  const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOfDay(current) - startOfDay(date)) / DAY_MS);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Due-date display: short month, day, year, hour and minute in en-US (SPEC §9). */
export function formatDateTime(value: DateInput): string {
  return toDate(value).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

export function formatDate(value: DateInput): string {
  return toDate(value).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}
