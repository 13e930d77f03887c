import { describe, expect, it } from 'vitest';
import { type OpeningHours, WEEKDAYS } from '../catalog/schemas/opening-hours.ts';
import { fromLocalDateTime } from '../catalog/zoned-time.ts';
import { commerceMessages as m } from './commerce-messages.ts';
import {
  opensAgainToday,
  pickupPromiseAt,
  readyByLabel,
  readyTimeAt,
  sameDayDeliveryRefusal,
} from './ready-time.ts';

const TORONTO = 'America/Toronto';
const TWO_HOURS = 120;

type Intervals = { open: string; close: string }[];

/** The same intervals every day, with `closed` weekdays and holidays off. */
function hoursOf(
  intervals: Intervals,
  options: { timeZone?: string; closed?: string[]; holidays?: string[] } = {},
): OpeningHours {
  return {
    timeZone: options.timeZone ?? TORONTO,
    weekly: Object.fromEntries(
      WEEKDAYS.map((day) => [day, options.closed?.includes(day) ? [] : intervals]),
    ) as OpeningHours['weekly'],
    holidays: (options.holidays ?? []).map((date) => ({ date, name: 'Closed' })),
  };
}

/** Toronto wall clock in Nov 2026 (Thu 19 = the demo city's day; Sun 22, Mon 23). */
const at = (day: number, hour: number, minute = 0, timeZone = TORONTO) =>
  fromLocalDateTime({ year: 2026, month: 11, day, hour, minute }, timeZone);

/** Every day 10:00-23:00: the store of the issue. */
const tenToEleven = hoursOf([{ open: '10:00', close: '23:00' }]);

describe('readyTimeAt and the pickup promise', () => {
  it('prepares the order now when the store stays open long enough', () => {
    const now = at(19, 13, 45);
    expect(readyTimeAt(tenToEleven, now, TWO_HOURS)).toEqual(at(19, 15, 45));
    expect(pickupPromiseAt(tenToEleven, now, TWO_HOURS)).toBe('Usually ready in 2 h');
    expect(readyByLabel(at(19, 15, 45), now, TORONTO)).toBe('Ready by 15:45');
  });

  it('is ready when the minutes end exactly at closing time', () => {
    const now = at(19, 21);
    expect(readyTimeAt(tenToEleven, now, TWO_HOURS)).toEqual(at(19, 23));
    expect(pickupPromiseAt(tenToEleven, now, TWO_HOURS)).toBe('Usually ready in 2 h');
  });

  it('moves an order placed 4 minutes before closing to the next opening plus the ready time', () => {
    const now = at(19, 22, 56);
    const ready = readyTimeAt(tenToEleven, now, TWO_HOURS);
    expect(ready).toEqual(at(20, 12));
    expect(pickupPromiseAt(tenToEleven, now, TWO_HOURS)).toBe('Ready tomorrow from 12:00');
    expect(readyByLabel(ready!, now, TORONTO)).toBe('Ready tomorrow from 12:00');
  });

  it('says when a store closed now will have it ready: later today, tomorrow, or on a weekday', () => {
    const closedSundays = hoursOf([{ open: '10:00', close: '18:00' }], { closed: ['sun'] });
    expect(pickupPromiseAt(closedSundays, at(23, 7, 30), 60)).toBe('Ready today from 11:00');
    expect(readyTimeAt(closedSundays, at(23, 7, 30), 60)).toEqual(at(23, 11));
    // Sunday noon: closed all day.
    expect(readyTimeAt(closedSundays, at(22, 12), 60)).toEqual(at(23, 11));
    expect(pickupPromiseAt(closedSundays, at(22, 12), 60)).toBe('Ready tomorrow from 11:00');
    // Saturday evening: closed now, closed all Sunday.
    expect(pickupPromiseAt(closedSundays, at(21, 19), 60)).toBe('Ready Monday from 11:00');
    expect(readyByLabel(at(23, 11), at(21, 19), TORONTO)).toBe('Ready Monday from 11:00');
  });

  it('skips a holiday closure', () => {
    const hours = hoursOf([{ open: '10:00', close: '18:00' }], { holidays: ['2026-11-19'] });
    expect(readyTimeAt(hours, at(19, 12), 30)).toEqual(at(20, 10, 30));
    expect(pickupPromiseAt(hours, at(19, 12), 30)).toBe('Ready tomorrow from 10:30');
  });

  it('counts an overnight stretch as open past midnight, and the evening after it', () => {
    const evenings = hoursOf([{ open: '18:00', close: '02:00' }]);
    const lateNight = at(19, 23, 30);
    expect(readyTimeAt(evenings, lateNight, 60)).toEqual(at(20, 0, 30));
    expect(pickupPromiseAt(evenings, lateNight, 60)).toBe('Usually ready in 1 h');
    const beforeClosing = at(20, 1, 30);
    expect(readyTimeAt(evenings, beforeClosing, 60)).toEqual(at(20, 19));
    expect(pickupPromiseAt(evenings, beforeClosing, 60)).toBe('Ready today from 19:00');
  });

  it('reads the store’s time zone, not the machine’s', () => {
    // Auckland is UTC+13 in November: its tomorrow 11:30 is still today in UTC and in Toronto.
    const AUCKLAND = 'Pacific/Auckland';
    const hours = hoursOf([{ open: '10:00', close: '20:00' }], { timeZone: AUCKLAND });
    const now = at(19, 19, 30, AUCKLAND);
    const ready = readyTimeAt(hours, now, TWO_HOURS);
    expect(ready).toEqual(at(20, 12, 0, AUCKLAND));
    expect(ready?.toISOString()).toBe('2026-11-19T23:00:00.000Z');
    expect(pickupPromiseAt(hours, now, TWO_HOURS)).toBe('Ready tomorrow from 12:00');
    expect(readyByLabel(ready!, now, AUCKLAND)).toBe('Ready tomorrow from 12:00');
    expect(pickupPromiseAt(hours, at(19, 11, 0, AUCKLAND), TWO_HOURS)).toBe('Usually ready in 2 h');
  });

  it('promises nothing without a ready time or when the store never opens', () => {
    expect(readyTimeAt(tenToEleven, at(19, 12), null)).toBeNull();
    expect(pickupPromiseAt(tenToEleven, at(19, 12), null)).toBeNull();
    const never = hoursOf([]);
    expect(readyTimeAt(never, at(19, 12), 60)).toBeNull();
    expect(pickupPromiseAt(never, at(19, 12), 60)).toBeNull();
  });

  it('prepares round the clock at a store that never closes', () => {
    const always = hoursOf([{ open: '00:00', close: '24:00' }]);
    expect(readyTimeAt(always, at(19, 23, 30), 60)).toEqual(at(20, 0, 30));
    expect(pickupPromiseAt(always, at(19, 23, 30), 60)).toBe('Usually ready in 1 h');
  });
});

describe('sameDayDeliveryRefusal', () => {
  const delivery = {
    radiusKm: 5,
    fee: { amount: 499, currency: 'CAD' },
    minimumOrder: { amount: 1000, currency: 'CAD' },
    cutoffTime: '14:00',
  };
  const store = (hours: OpeningHours) => ({ name: 'Corner Market', hours, delivery });

  it('refuses from the store’s local cut-off on, with the cut-off as the reason', () => {
    expect(sameDayDeliveryRefusal(store(tenToEleven), at(19, 22, 20))).toBe(
      m.deliveryAfterCutoff('Corner Market', '14:00'),
    );
    expect(sameDayDeliveryRefusal(store(tenToEleven), at(19, 14))).toBe(
      m.deliveryAfterCutoff('Corner Market', '14:00'),
    );
    expect(sameDayDeliveryRefusal(store(tenToEleven), at(19, 13, 59))).toBeNull();
  });

  it('refuses when the store will not open again today, not when it opens later', () => {
    const mornings = hoursOf([{ open: '08:00', close: '11:00' }]);
    expect(sameDayDeliveryRefusal(store(mornings), at(19, 12))).toBe(
      m.deliveryClosedToday('Corner Market'),
    );
    const closedSundays = hoursOf([{ open: '10:00', close: '18:00' }], { closed: ['sun'] });
    expect(sameDayDeliveryRefusal(store(closedSundays), at(22, 9))).toBe(
      m.deliveryClosedToday('Corner Market'),
    );
    expect(sameDayDeliveryRefusal(store(closedSundays), at(23, 9))).toBeNull();
    expect(opensAgainToday(closedSundays, at(23, 9))).toBe(true);
  });

  it('cuts off on the store’s clock in another time zone', () => {
    const VANCOUVER = 'America/Vancouver';
    const hours = hoursOf([{ open: '09:00', close: '21:00' }], { timeZone: VANCOUVER });
    // 13:30 in Vancouver is 16:30 in Toronto and 21:30 UTC: still before the 14:00 cut-off.
    expect(sameDayDeliveryRefusal(store(hours), at(19, 13, 30, VANCOUVER))).toBeNull();
    expect(sameDayDeliveryRefusal(store(hours), at(19, 14, 0, VANCOUVER))).toBe(
      m.deliveryAfterCutoff('Corner Market', '14:00'),
    );
  });

  it('has nothing to refuse for a store without delivery', () => {
    expect(
      sameDayDeliveryRefusal({ name: 'x', hours: tenToEleven, delivery: null }, at(19, 23)),
    ).toBeNull();
  });
});
