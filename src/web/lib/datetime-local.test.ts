import { describe, expect, it } from 'vitest';
import { fromDateTimeLocalValue, toDateTimeLocalValue } from './datetime-local';

describe('datetime-local conversion', () => {
  it('shows a stored instant as local time trimmed to minutes', () => {
    const local = new Date(2025, 0, 2, 3, 4, 59);
    expect(toDateTimeLocalValue(local.toISOString())).toBe('2025-01-02T03:04');
    expect(toDateTimeLocalValue(local.toISOString())).toHaveLength(16);
  });

  it('pads months, days, hours and minutes', () => {
    expect(toDateTimeLocalValue(new Date(2030, 10, 9, 0, 0))).toBe('2030-11-09T00:00');
  });

  it('shows nothing for a missing or unreadable date', () => {
    expect(toDateTimeLocalValue(null)).toBe('');
    expect(toDateTimeLocalValue(undefined)).toBe('');
    expect(toDateTimeLocalValue('not a date')).toBe('');
  });

  it('reads the input as local time and sends an ISO instant', () => {
    expect(fromDateTimeLocalValue('2025-03-04T17:30')).toBe(
      new Date(2025, 2, 4, 17, 30).toISOString(),
    );
  });

  it('round-trips a value through the API format', () => {
    const value = '2026-07-31T23:59';
    expect(toDateTimeLocalValue(fromDateTimeLocalValue(value))).toBe(value);
  });

  it('turns an empty field into null', () => {
    expect(fromDateTimeLocalValue('')).toBeNull();
    expect(fromDateTimeLocalValue('   ')).toBeNull();
  });

  it('passes an unreadable value through for validation to reject', () => {
    expect(fromDateTimeLocalValue('tomorrow')).toBe('tomorrow');
  });
});
