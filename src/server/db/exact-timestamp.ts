// A timestamptz column read exactly. Drizzle's own timestamp column hands PostgreSQL's text form
// ("0050-03-15 00:00:00+00") to `new Date()`, whose legacy parser reads the years 0–99 as
// 1900–1999, so 0050-03-15 came back as 1950-03-15. This parses the text field by field.
import { customType } from 'drizzle-orm/pg-core';

const PG_TIMESTAMPTZ =
  /^(\d{4,})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(?:([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?|Z)?( BC)?$/;

/** PostgreSQL's timestamptz text (or ISO 8601) to the exact instant; throws on anything else. */
export function parseTimestamptz(text: string): Date {
  const match = PG_TIMESTAMPTZ.exec(text.trim());
  if (!match) throw new Error(`Unreadable timestamp: ${JSON.stringify(text)}`);
  const [, y, mo, d, h, mi, s, fraction = '', sign, oh = '0', om = '0', os = '0', bc] = match;
  const year = bc ? 1 - Number(y) : Number(y);
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, takes years 0–99 as they are.
  date.setUTCFullYear(year, Number(mo) - 1, Number(d));
  date.setUTCHours(
    Number(h),
    Number(mi),
    Number(s),
    Math.floor(Number(fraction.padEnd(3, '0').slice(0, 3))),
  );
  const offsetSeconds =
    (Number(oh) * 3600 + Number(om) * 60 + Number(os)) * (sign === '-' ? -1 : 1);
  return new Date(date.getTime() - offsetSeconds * 1000);
}

export const exactTimestamptz = customType<{ data: Date; driverData: string }>({
  dataType: () => 'timestamp with time zone',
  toDriver: (value) => value.toISOString(),
  fromDriver: (value) => (typeof value === 'string' ? parseTimestamptz(value) : new Date(value)),
});
