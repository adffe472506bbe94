// "next Friday at 5pm", "tomorrow", "March 20 at noon" or an ISO instant -> an ISO instant,
// relative to the request's reference time and the teacher's UTC offset (chrono-node).
import * as chrono from 'chrono-node';

export function parseDueDate(
  text: string,
  now: Date,
  utcOffsetMinutes?: number,
): string | undefined {
  const trimmed = text.trim();
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/i.test(trimmed)) {
    const instant = new Date(trimmed);
    return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
  }
  const [found] = chrono.parse(
    trimmed,
    { instant: now, ...(utcOffsetMinutes !== undefined && { timezone: utcOffsetMinutes }) },
    { forwardDate: true },
  );
  if (!found) return undefined;
  const parsed = found.start.date();
  if (found.start.isCertain('hour')) return parsed.toISOString();
  // A day with no time of day is due at the end of that day, in the teacher's offset.
  const offset = utcOffsetMinutes ?? -parsed.getTimezoneOffset();
  const [year, month, day] = (['year', 'month', 'day'] as const).map(
    (unit) => found.start.get(unit) ?? 0,
  );
  return new Date(
    Date.UTC(year ?? 0, (month ?? 1) - 1, day, 23, 59) - offset * 60_000,
  ).toISOString();
}

/** "Fri, Mar 14, 2025, 5:00 PM" in the teacher's offset (UTC when unknown), for replies. */
export function formatDueDate(due: Date | string | null, utcOffsetMinutes?: number): string {
  if (!due) return 'no due date';
  const shifted = new Date(new Date(due).getTime() + (utcOffsetMinutes ?? 0) * 60_000);
  const text = shifted.toLocaleString('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return utcOffsetMinutes === undefined ? `${text} UTC` : text;
}
