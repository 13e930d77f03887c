import { describe, expect, it } from 'vitest';
import {
  formatDayHours,
  intervalsOn,
  isOpenAt,
  nextChange,
  openPeriods,
  openStateLabel,
} from './opening-hours.ts';
import {
  closesNextDay,
  type OpeningHours,
  openingHoursSchema,
  type Weekday,
  WEEKDAYS,
} from './schemas/opening-hours.ts';

const TORONTO = 'America/Toronto';

/** hours({ mon: '09:00-17:00', sat: '10:00-14:00,15:00-18:00' }) */
function hours(
  days: Partial<Record<Weekday, string>>,
  options: { timeZone?: string; holidays?: string[] } = {},
): OpeningHours {
  const weekly = Object.fromEntries(
    WEEKDAYS.map((day) => [
      day,
      (days[day] ?? '')
        .split(',')
        .filter(Boolean)
        .map((range) => {
          const [open = '', close = ''] = range.split('-');
          return { open, close };
        }),
    ]),
  ) as OpeningHours['weekly'];
  return openingHoursSchema.parse({
    timeZone: options.timeZone ?? TORONTO,
    weekly,
    holidays: (options.holidays ?? []).map((date) => ({ date, name: 'Holiday' })),
  });
}

const weekdays9to5 = hours({
  mon: '09:00-17:00',
  tue: '09:00-17:00',
  wed: '09:00-17:00',
  thu: '09:00-17:00',
  fri: '09:00-17:00',
});

// 2025-06-13 is a Friday; Toronto is on EDT (UTC-4) in June.
const at = (isoLocal: string) => new Date(`${isoLocal}-04:00`);

describe('isOpenAt', () => {
  it('includes the opening minute and excludes the closing minute', () => {
    expect(isOpenAt(weekdays9to5, at('2025-06-13T08:59'))).toBe(false);
    expect(isOpenAt(weekdays9to5, at('2025-06-13T09:00'))).toBe(true);
    expect(isOpenAt(weekdays9to5, at('2025-06-13T16:59'))).toBe(true);
    expect(isOpenAt(weekdays9to5, at('2025-06-13T17:00'))).toBe(false);
    expect(isOpenAt(weekdays9to5, at('2025-06-14T12:00'))).toBe(false);
  });

  it('handles several intervals a day', () => {
    const restaurant = hours({ fri: '11:30-14:30,17:00-22:00' });
    expect(isOpenAt(restaurant, at('2025-06-13T12:00'))).toBe(true);
    expect(isOpenAt(restaurant, at('2025-06-13T15:00'))).toBe(false);
    expect(isOpenAt(restaurant, at('2025-06-13T21:59'))).toBe(true);
  });

  it('keeps an overnight interval open after midnight', () => {
    const bar = hours({ fri: '18:00-02:00' });
    expect(isOpenAt(bar, at('2025-06-13T23:30'))).toBe(true);
    expect(isOpenAt(bar, at('2025-06-14T01:59'))).toBe(true);
    expect(isOpenAt(bar, at('2025-06-14T02:00'))).toBe(false);
    expect(isOpenAt(bar, at('2025-06-13T03:00'))).toBe(false);
  });

  it('closes the whole day on a holiday, but lets the night before run to its close', () => {
    const lateShop = hours(
      { thu: '18:00-02:00', fri: '09:00-17:00' },
      { holidays: ['2025-06-13'] },
    );
    expect(isOpenAt(lateShop, at('2025-06-13T01:00'))).toBe(true);
    expect(isOpenAt(lateShop, at('2025-06-13T12:00'))).toBe(false);
  });

  it('reads the hours in the store time zone', () => {
    const london = hours({ fri: '09:00-17:00' }, { timeZone: 'Europe/London' });
    expect(isOpenAt(london, new Date('2025-06-13T08:00:00Z'))).toBe(true); // 09:00 BST
    expect(isOpenAt(london, new Date('2025-06-13T16:00:00Z'))).toBe(false); // 17:00 BST
    const kolkata = hours({ fri: '10:00-20:00' }, { timeZone: 'Asia/Kolkata' });
    expect(isOpenAt(kolkata, new Date('2025-06-13T04:30:00Z'))).toBe(true); // 10:00 IST
    expect(isOpenAt(kolkata, new Date('2025-06-13T04:29:00Z'))).toBe(false);
  });

  it('is open all day for 00:00-24:00', () => {
    const allDay = hours({ fri: '00:00-24:00' });
    expect(isOpenAt(allDay, at('2025-06-13T00:00'))).toBe(true);
    expect(isOpenAt(allDay, at('2025-06-13T23:59'))).toBe(true);
    expect(isOpenAt(allDay, at('2025-06-14T00:00'))).toBe(false);
  });
});

describe('nextChange', () => {
  it('reports the next opening when closed and the closing when open', () => {
    expect(nextChange(weekdays9to5, at('2025-06-13T07:00'))).toEqual({
      open: true,
      at: at('2025-06-13T09:00'),
    });
    expect(nextChange(weekdays9to5, at('2025-06-13T10:00'))).toEqual({
      open: false,
      at: at('2025-06-13T17:00'),
    });
    expect(nextChange(weekdays9to5, at('2025-06-13T18:00'))).toEqual({
      open: true,
      at: at('2025-06-16T09:00'),
    });
  });

  it('joins touching intervals into one stretch across midnight', () => {
    const late = hours({ mon: '18:00-24:00', tue: '00:00-02:00' });
    const mondayNight = new Date('2025-06-17T03:00:00Z'); // Mon 23:00 EDT
    expect(nextChange(late, mondayNight)).toEqual({ open: false, at: at('2025-06-17T02:00') });
  });

  it('skips holidays when looking for the next opening', () => {
    const shop = { ...weekdays9to5, holidays: [{ date: '2025-06-16', name: 'Stocktaking' }] };
    expect(nextChange(shop, at('2025-06-13T18:00'))).toEqual({
      open: true,
      at: at('2025-06-17T09:00'),
    });
  });

  it('is null for a store that never opens or never closes', () => {
    expect(nextChange(hours({}), at('2025-06-13T12:00'))).toBeNull();
    const always = hours(Object.fromEntries(WEEKDAYS.map((day) => [day, '00:00-24:00'])));
    expect(nextChange(always, at('2025-06-13T12:00'))).toBeNull();
  });

  it('follows the DST change: a 09:00 opening after spring-forward is 13:00 UTC, not 14:00', () => {
    // Sat 2025-03-08 12:00 EST; DST starts Sunday 2025-03-09 02:00
    const change = nextChange(hours({ mon: '09:00-17:00' }), new Date('2025-03-08T17:00:00Z'));
    expect(change?.at.toISOString()).toBe('2025-03-10T13:00:00.000Z');
  });
});

describe('openPeriods', () => {
  it('clips overlapping intervals so no minute is counted twice', () => {
    // Refused by the schema since issue 16, but hours saved before then may still hold an overlap.
    const overlapping: OpeningHours = {
      ...hours({ mon: '18:00-02:00' }),
      weekly: {
        ...hours({}).weekly,
        mon: [{ open: '18:00', close: '02:00' }],
        tue: [{ open: '00:00', close: '03:00' }],
      },
    };
    const periods = [...openPeriods(overlapping, at('2025-06-16T12:00'), 2)];
    expect(periods.map((p) => [p.start.toISOString(), p.end.toISOString()])).toEqual([
      ['2025-06-16T22:00:00.000Z', '2025-06-17T06:00:00.000Z'],
      ['2025-06-17T06:00:00.000Z', '2025-06-17T07:00:00.000Z'],
    ]);
  });

  it('moves an opening inside the spring-forward gap to the end of the gap', () => {
    const early = hours({ sun: '02:30-06:00' });
    const [first] = openPeriods(early, new Date('2025-03-09T00:00:00Z'), 1);
    expect(first?.start.toISOString()).toBe('2025-03-09T07:30:00.000Z'); // 03:30 EDT
  });
});

describe('openStateLabel', () => {
  const grocer = hours({
    mon: '09:00-21:00',
    tue: '09:00-21:00',
    wed: '09:00-21:00',
    thu: '09:00-21:00',
    fri: '09:00-21:00',
    sat: '09:00-21:00',
  });

  it('says when an open store closes', () => {
    expect(openStateLabel(grocer, at('2025-06-13T15:00'))).toEqual({
      open: true,
      status: 'Open now',
      detail: 'closes 21:00',
      text: 'Open now · closes 21:00',
      changesAt: at('2025-06-13T21:00'),
    });
  });

  it('says when a closed store opens: clock within a day, weekday within a week, else date', () => {
    expect(openStateLabel(grocer, at('2025-06-13T07:30')).text).toBe('Closed · opens 09:00');
    expect(openStateLabel(grocer, at('2025-06-13T22:00')).text).toBe('Closed · opens 09:00');
    expect(openStateLabel(grocer, at('2025-06-14T22:00')).text).toBe('Closed · opens Mon 09:00');
    const closedFortnight = {
      ...grocer,
      holidays: Array.from({ length: 12 }, (_, i) => ({
        date: `2025-06-${String(15 + i).padStart(2, '0')}`,
        name: 'Renovation',
      })),
    };
    expect(openStateLabel(closedFortnight, at('2025-06-14T22:00')).text).toBe(
      'Closed · opens Jun 27 09:00',
    );
  });

  it('says "Open 24 hours" and "Closed" when nothing changes', () => {
    const always = hours(Object.fromEntries(WEEKDAYS.map((day) => [day, '00:00-24:00'])));
    expect(openStateLabel(always, at('2025-06-13T03:00'))).toMatchObject({
      open: true,
      text: 'Open 24 hours',
      detail: null,
    });
    expect(openStateLabel(hours({}), at('2025-06-13T03:00'))).toMatchObject({
      open: false,
      text: 'Closed',
    });
  });

  it('shows closing time after midnight for a late-night place', () => {
    const bar = hours({ fri: '18:00-02:00', sat: '18:00-02:00' });
    expect(openStateLabel(bar, at('2025-06-13T23:00')).text).toBe('Open now · closes 02:00');
  });
});

describe('formatDayHours', () => {
  it('formats a day for the hours table', () => {
    expect(formatDayHours([])).toBe('Closed');
    expect(formatDayHours([{ open: '00:00', close: '24:00' }])).toBe('Open 24 hours');
    expect(
      formatDayHours([
        { open: '17:00', close: '22:00' },
        { open: '11:30', close: '14:30' },
      ]),
    ).toBe('11:30-14:30, 17:00-22:00');
  });
});

describe('openingHoursSchema', () => {
  it('names the field that is wrong', () => {
    const bad = openingHoursSchema.safeParse({
      timeZone: 'Nowhere/City',
      weekly: { ...weekdays9to5.weekly, mon: [{ open: '9am', close: '17:00' }] },
      holidays: [{ date: '2025-02-30', name: 'x' }],
    });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'timeZone: Choose the store’s time zone from the list.',
        'weekly.mon.0.open: Enter a time between 00:00 and 23:59, like 09:00.',
        'holidays.0.date: Choose a real date from the calendar.',
      ]),
    );
  });

  it('refuses an interval that opens and closes at the same minute', () => {
    const same = openingHoursSchema.safeParse({
      ...weekdays9to5,
      weekly: { ...weekdays9to5.weekly, tue: [{ open: '09:00', close: '09:00' }] },
    });
    expect(same.error?.issues[0]?.path).toEqual(['weekly', 'tue', 0, 'close']);
  });

  it('refuses two opening times of one day that overlap, naming the day and both times', () => {
    const overlap = openingHoursSchema.safeParse({
      ...weekdays9to5,
      weekly: {
        ...weekdays9to5.weekly,
        sat: [
          { open: '09:00', close: '13:00' },
          { open: '12:00', close: '17:00' },
        ],
      },
    });
    expect(overlap.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [
        'weekly.sat.1.open',
        "Saturday's hours overlap (09:00–13:00 and 12:00–17:00): change one, or join them into one.",
      ],
    ]);
  });

  it('refuses an overnight opening that runs into the next day’s first opening', () => {
    const spill = openingHoursSchema.safeParse({
      ...weekdays9to5,
      weekly: { ...weekdays9to5.weekly, mon: [{ open: '18:00', close: '09:30' }] },
    });
    expect(spill.error?.issues[0]?.message).toBe(
      "Monday's 18:00–09:30 runs past midnight into Tuesday's 09:00–17:00: change one of them.",
    );
    // Closing before the next opening is a real night shift and is kept.
    const nightShift = openingHoursSchema.safeParse({
      ...weekdays9to5,
      weekly: { ...weekdays9to5.weekly, mon: [{ open: '18:00', close: '02:00' }] },
    });
    expect(nightShift.success).toBe(true);
    expect(closesNextDay({ open: '18:00', close: '02:00' })).toBe(true);
    expect(closesNextDay({ open: '00:00', close: '24:00' })).toBe(false);
  });
});

describe('special hours', () => {
  const base = hours({ mon: '09:00-17:00', tue: '09:00-17:00', wed: '09:00-17:00' });
  const withSpecial = (special: unknown[]) => openingHoursSchema.safeParse({ ...base, special });

  it('replaces the weekly hours on the days of its range, and can close the store', () => {
    const parsed = withSpecial([
      {
        from: '2025-12-22',
        to: '2025-12-23',
        name: 'Holiday rush',
        intervals: [{ open: '08:00', close: '22:00' }],
      },
      { from: '2025-12-24', to: '2025-12-24', intervals: [] },
    ]);
    expect(parsed.success).toBe(true);
    const special = parsed.data as OpeningHours;
    // Monday Dec 22 at 21:00 Toronto: open only thanks to the special hours.
    expect(isOpenAt(special, at('2025-12-22T21:00'))).toBe(true);
    expect(isOpenAt(base, at('2025-12-22T21:00'))).toBe(false);
    // Wednesday Dec 24 at noon: closed by an empty special range.
    expect(isOpenAt(special, at('2025-12-24T12:00'))).toBe(false);
    expect(intervalsOn(special, { year: 2025, month: 12, day: 22 })).toEqual([
      { open: '08:00', close: '22:00' },
    ]);
    // Outside the range the week applies again.
    expect(intervalsOn(special, { year: 2025, month: 12, day: 29 })).toEqual([
      { open: '09:00', close: '17:00' },
    ]);
  });

  it('refuses a range that ends before it starts, one too long, and two that overlap', () => {
    expect(
      withSpecial([{ from: '2025-12-24', to: '2025-12-20', intervals: [] }]).error?.issues[0]
        ?.message,
    ).toBe('The last day of special hours must be on or after the first day.');
    expect(
      withSpecial([{ from: '2025-01-01', to: '2025-12-31', intervals: [] }]).error?.issues[0]
        ?.message,
    ).toBe('Special hours can cover at most 184 days: change the weekly hours instead.');
    expect(
      withSpecial([
        { from: '2025-12-20', to: '2025-12-31', intervals: [] },
        { from: '2025-12-24', to: '2025-12-26', intervals: [] },
      ]).error?.issues[0]?.message,
    ).toBe(
      'Special hours from Dec 24, 2025 overlap the ones ending Dec 31, 2025: a day can follow one schedule only.',
    );
  });
});
