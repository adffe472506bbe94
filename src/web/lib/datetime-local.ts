const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A stored instant as the value of an `<input type="datetime-local">`: the browser's local time,
 * `YYYY-MM-DDTHH:mm` (SPEC §2: 16 characters). '' for no date or an unreadable one.
 */
export function toDateTimeLocalValue(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/**
 * A datetime-local value (local time, no zone) as the ISO instant the API expects; null when the
 * field is empty. An unreadable value is passed through unchanged so validation can name it.
 */
export function fromDateTimeLocalValue(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const date = new Date(trimmed);
  return Number.isNaN(date.getTime()) ? trimmed : date.toISOString();
}
