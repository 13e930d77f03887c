import { describe, expect, it } from 'vitest';
import { addBusinessMinutes, businessMinutesBetween } from './business-minutes.ts';
import { type OpeningHours, WEEKDAYS } from './schemas/opening-hours.ts';
import { toLocalDateTime } from './zoned-time.ts';

const TORONTO = 'America/Toronto';
const nineToFive = [{ open: '09:00', close: '17:00' }];

/** Mon-Fri 09:00-17:00 in Toronto, as the spec's support hours read. */
const weekdays: OpeningHours = {
  timeZone: TORONTO,
  weekly: {
    mon: nineToFive,
    tue: nineToFive,
    wed: nineToFive,
    thu: nineToFive,
    fri: nineToFive,
    sat: [],
    sun: [],
  },
  holidays: [],
};

/** The same intervals every day of the week. */
const everyDay = (intervals: { open: string; close: string }[]) =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, intervals])) as OpeningHours['weekly'];

const FOUR_HOURS = 4 * 60;
const local = (instant: Date | null) => {
  if (!instant) return null;
  const t = toLocalDateTime(instant, TORONTO);
  return `${t.year}-${t.month}-${t.day} ${t.hour}:${String(t.minute).padStart(2, '0')}`;
};

describe('addBusinessMinutes (order response deadline, spec §9)', () => {
  it('counts an order placed Friday 16:00 as due Monday 12:00', () => {
    const friday = new Date('2025-06-13T16:00:00-04:00');
    const due = addBusinessMinutes(weekdays, friday, FOUR_HOURS);
    expect(due?.toISOString()).toBe(new Date('2025-06-16T12:00:00-04:00').toISOString());
    expect(local(due)).toBe('2025-6-16 12:00');
  });

  it('is due at closing time when the minutes end exactly there', () => {
    const due = addBusinessMinutes(weekdays, new Date('2025-06-13T13:00:00-04:00'), FOUR_HOURS);
    expect(local(due)).toBe('2025-6-13 17:00');
  });

  it('starts counting at opening time for an order placed before opening', () => {
    const due = addBusinessMinutes(weekdays, new Date('2025-06-13T06:30:00-04:00'), FOUR_HOURS);
    expect(local(due)).toBe('2025-6-13 13:00');
  });

  it('keeps local business hours across the spring-forward weekend', () => {
    // Fri 2025-03-07 16:00 EST (UTC-5); DST starts Sun 2025-03-09; Monday is EDT (UTC-4)
    const friday = new Date('2025-03-07T16:00:00-05:00');
    const due = addBusinessMinutes(weekdays, friday, FOUR_HOURS);
    expect(due?.toISOString()).toBe('2025-03-10T16:00:00.000Z');
    expect(local(due)).toBe('2025-3-10 12:00');
  });

  it('skips a holiday closure (Good Friday)', () => {
    const easter = { ...weekdays, holidays: [{ date: '2025-04-18', name: 'Good Friday' }] };
    const thursday = new Date('2025-04-17T16:00:00-04:00');
    expect(local(addBusinessMinutes(easter, thursday, FOUR_HOURS))).toBe('2025-4-21 12:00');
  });

  it('returns the start for zero minutes, null when the store never opens, and refuses nonsense', () => {
    const start = new Date('2025-06-14T10:00:00-04:00');
    expect(addBusinessMinutes(weekdays, start, 0)).toEqual(start);
    const neverOpen = { ...weekdays, weekly: everyDay([]) };
    expect(addBusinessMinutes(neverOpen, start, 30)).toBeNull();
    expect(() => addBusinessMinutes(weekdays, start, -1)).toThrow(RangeError);
    expect(() => addBusinessMinutes(weekdays, start, Number.NaN)).toThrow(RangeError);
  });
});

describe('businessMinutesBetween', () => {
  it('counts only open minutes', () => {
    const friday = new Date('2025-06-13T16:00:00-04:00');
    const monday = new Date('2025-06-16T12:00:00-04:00');
    expect(businessMinutesBetween(weekdays, friday, monday)).toBe(FOUR_HOURS);
    expect(businessMinutesBetween(weekdays, monday, friday)).toBe(0);
    // a full Mon-Fri week
    expect(
      businessMinutesBetween(
        weekdays,
        new Date('2025-06-16T00:00:00-04:00'),
        new Date('2025-06-23T00:00:00-04:00'),
      ),
    ).toBe(5 * 8 * 60);
  });

  it('agrees with addBusinessMinutes', () => {
    const start = new Date('2025-06-11T15:17:00-04:00');
    for (const minutes of [1, 59, 240, 480, 1000, 5000]) {
      const due = addBusinessMinutes(weekdays, start, minutes);
      expect(due).not.toBeNull();
      expect(businessMinutesBetween(weekdays, start, due ?? start)).toBeCloseTo(minutes, 6);
    }
  });

  it('counts the real length of DST days for a store open round the clock', () => {
    const always = { ...weekdays, weekly: everyDay([{ open: '00:00', close: '24:00' }]) };
    const springDay = [
      new Date('2025-03-09T00:00:00-05:00'),
      new Date('2025-03-10T00:00:00-04:00'),
    ];
    const fallDay = [new Date('2025-11-02T00:00:00-04:00'), new Date('2025-11-03T00:00:00-05:00')];
    expect(businessMinutesBetween(always, springDay[0]!, springDay[1]!)).toBe(23 * 60);
    expect(businessMinutesBetween(always, fallDay[0]!, fallDay[1]!)).toBe(25 * 60);
  });
});
