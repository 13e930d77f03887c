import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  formatLocalDate,
  fromLocalDateTime,
  isValidTimeZone,
  parseLocalDate,
  toLocalDateTime,
  zoneOffsetMs,
} from './zoned-time.ts';

const TORONTO = 'America/Toronto';
const HOUR = 3_600_000;

describe('zoned time', () => {
  it('reads the wall clock in a zone', () => {
    expect(toLocalDateTime(new Date('2025-06-13T20:00:00Z'), TORONTO)).toEqual({
      year: 2025,
      month: 6,
      day: 13,
      hour: 16,
      minute: 0,
      second: 0,
    });
    expect(toLocalDateTime(new Date('2025-06-13T20:00:00Z'), 'Asia/Kolkata').hour).toBe(1);
    // midnight reads 00, never 24
    expect(toLocalDateTime(new Date('2025-06-14T04:00:00Z'), TORONTO).hour).toBe(0);
  });

  it('knows the offset on either side of a DST change', () => {
    expect(zoneOffsetMs(new Date('2025-01-15T12:00:00Z'), TORONTO)).toBe(-5 * HOUR);
    expect(zoneOffsetMs(new Date('2025-07-15T12:00:00Z'), TORONTO)).toBe(-4 * HOUR);
    expect(zoneOffsetMs(new Date('2025-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR);
  });

  it('turns a wall-clock time into an instant', () => {
    const local = { year: 2025, month: 6, day: 13, hour: 9, minute: 30 };
    expect(fromLocalDateTime(local, TORONTO).toISOString()).toBe('2025-06-13T13:30:00.000Z');
    expect(fromLocalDateTime(local, 'Europe/London').toISOString()).toBe(
      '2025-06-13T08:30:00.000Z',
    );
  });

  it('moves a time skipped by spring-forward ahead by the gap (02:30 -> 03:30 EDT)', () => {
    const skipped = { year: 2025, month: 3, day: 9, hour: 2, minute: 30 };
    expect(fromLocalDateTime(skipped, TORONTO).toISOString()).toBe('2025-03-09T07:30:00.000Z');
  });

  it('takes the earlier of a time repeated by fall-back (01:30 EDT, not EST)', () => {
    const repeated = { year: 2025, month: 11, day: 2, hour: 1, minute: 30 };
    expect(fromLocalDateTime(repeated, TORONTO).toISOString()).toBe('2025-11-02T05:30:00.000Z');
  });

  it('round-trips every quarter hour across both DST days', () => {
    for (const start of ['2025-03-08T00:00:00Z', '2025-11-01T00:00:00Z']) {
      for (let step = 0; step < 4 * 72; step++) {
        const instant = new Date(Date.parse(start) + step * 15 * 60_000);
        const local = toLocalDateTime(instant, TORONTO);
        const back = fromLocalDateTime(local, TORONTO);
        // the repeated fall-back hour maps to its first occurrence, otherwise exact
        expect(toLocalDateTime(back, TORONTO)).toEqual(local);
      }
    }
  });

  it('does calendar arithmetic on local dates', () => {
    expect(addDays({ year: 2024, month: 2, day: 28 }, 1)).toEqual({
      year: 2024,
      month: 2,
      day: 29,
    });
    expect(addDays({ year: 2025, month: 12, day: 31 }, 1)).toEqual({
      year: 2026,
      month: 1,
      day: 1,
    });
    expect(daysBetween({ year: 2025, month: 3, day: 1 }, { year: 2025, month: 3, day: 31 })).toBe(
      30,
    );
    expect(formatLocalDate({ year: 2025, month: 7, day: 1 })).toBe('2025-07-01');
  });

  it('parses only real dates', () => {
    expect(parseLocalDate('2025-12-25')).toEqual({ year: 2025, month: 12, day: 25 });
    expect(parseLocalDate('2025-02-29')).toBeNull();
    expect(parseLocalDate('25-12-2025')).toBeNull();
  });

  it('validates time zone names', () => {
    expect(isValidTimeZone(TORONTO)).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
