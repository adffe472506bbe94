// "next Friday at 5pm", "tomorrow", "March 20 at noon" or an ISO instant -> an ISO instant,
// relative to the request's reference time and the teacher's UTC offset (chrono-node).
import * as chrono from 'chrono-node';

/** A due date further than this from today is a typo, not a plan ("275760-01-01"). */
export const DUE_DATE_MAX_YEARS_AWAY = 10;

/** Whether an instant is a due date a teacher could mean: a real date within ten years. */
export function isPlausibleDueDate(instant: Date, now: Date): boolean {
  const years = Math.abs(instant.getTime() - now.getTime()) / (365.25 * 86_400_000);
  return !Number.isNaN(instant.getTime()) && years <= DUE_DATE_MAX_YEARS_AWAY;
}

/**
 * The due date the words say, as an ISO instant; undefined when the words are not one whole
 * date (chrono-node must read all of them: "275760-01-01" or "soonish" is refused, never
 * guessed) or the date is not within ten years of now.
 */
export function parseDueDate(
  text: string,
  now: Date,
  utcOffsetMinutes?: number,
): string | undefined {
  const trimmed = text
    .trim()
    .replace(/^(?:on|at|by|for|until|till)\s+/i, '')
    .replace(/[\s.,!?]+$/, '');
  const plausible = (iso: string) => (isPlausibleDueDate(new Date(iso), now) ? iso : undefined);
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/i.test(trimmed)) {
    const instant = new Date(trimmed);
    return Number.isNaN(instant.getTime()) ? undefined : plausible(instant.toISOString());
  }
  const [found] = chrono.parse(
    trimmed,
    { instant: now, ...(utcOffsetMinutes !== undefined && { timezone: utcOffsetMinutes }) },
    { forwardDate: true },
  );
  if (!found || found.index !== 0 || found.text.length < trimmed.length) return undefined;
  return plausible(endOfDayUnlessTimed(found, utcOffsetMinutes));
}

/** A day with no time of day is due at the end of that day, in the teacher's offset. */
export function endOfDayUnlessTimed(found: chrono.ParsedResult, utcOffsetMinutes?: number) {
  const parsed = found.start.date();
  if (found.start.isCertain('hour')) return parsed.toISOString();
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
