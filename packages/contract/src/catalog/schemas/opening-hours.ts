import { z } from 'zod';
import { isValidTimeZone, parseLocalDate } from '../zoned-time.ts';
import { safeText } from '../../schemas/safe-input.ts';

/** Weekday keys of a weekly schedule, Monday first as shoppers read a week. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const CLOCK = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** 'HH:MM' (24-hour) wall-clock time in the store's time zone. */
export const clockTimeSchema = safeText({ error: 'Enter a time like 09:00.' }).regex(CLOCK, {
  error: 'Enter a time between 00:00 and 23:59, like 09:00.',
});

/** Dates are 'YYYY-MM-DD' calendar days in the store's time zone. */
export const localDateSchema = safeText({ error: 'Choose a date.' }).refine(
  (text) => parseLocalDate(text) !== null,
  {
    // The form shows a date picker (mm/dd/yyyy in some locales): never name the wire format.
    error: 'Choose a real date from the calendar.',
  },
);

/**
 * One opening interval of a day. A `close` earlier than `open` runs past midnight into the next day
 * (18:00-02:00); '24:00' closes at the end of the day, so 00:00-24:00 is open all day. An interval
 * belongs to the day it opens on, which matters for holidays (see `holidayClosureSchema`).
 */
export const openingIntervalSchema = z
  .object({
    open: clockTimeSchema,
    close: safeText({ error: 'Enter a closing time like 17:00.' }).regex(
      /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/,
      {
        error: 'Enter a closing time between 00:00 and 24:00, like 17:00.',
      },
    ),
  })
  .refine((interval) => interval.open !== interval.close, {
    error: 'Opening and closing times are the same: for open all day, use 00:00 to 24:00.',
    path: ['close'],
  });
export type OpeningInterval = z.infer<typeof openingIntervalSchema>;

/** Weekday names as a retailer reads them in a message. */
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const MINUTES_PER_DAY = 24 * 60;

function minutesOfClock(clock: string): number {
  const [hour = 0, minute = 0] = clock.split(':').map(Number);
  return hour * 60 + minute;
}

/** Whether an interval closes on the next day (18:00-02:00); '24:00' is the end of its own day. */
export function closesNextDay(interval: { open: string; close: string }): boolean {
  return interval.close !== '24:00' && interval.close < interval.open;
}

/** [open, close) in minutes from the start of the day it opens on; overnight closes pass 1440. */
function spanOf(interval: { open: string; close: string }): { start: number; end: number } {
  const start = minutesOfClock(interval.open);
  const close = interval.close === '24:00' ? MINUTES_PER_DAY : minutesOfClock(interval.close);
  return { start, end: closesNextDay(interval) ? close + MINUTES_PER_DAY : close };
}

/** An overlap of two intervals of one day's list, as the index of the later one, or null. */
export function overlapOf(
  intervals: readonly { open: string; close: string }[],
): { first: number; second: number } | null {
  const spans = intervals
    .map((interval, index) => ({ ...spanOf(interval), index }))
    .sort((a, b) => a.start - b.start);
  for (let i = 1; i < spans.length; i++) {
    const previous = spans[i - 1];
    const current = spans[i];
    if (previous && current && current.start < previous.end) {
      return { first: previous.index, second: current.index };
    }
  }
  return null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-12-24' as 'Dec 24, 2026': messages never show the wire format. */
function dateWords(text: string): string {
  const date = parseLocalDate(text);
  return date ? `${MONTHS[date.month - 1]} ${date.day}, ${date.year}` : text;
}

const range = (interval: { open: string; close: string }) => `${interval.open}–${interval.close}`;

/** Refuses overlapping intervals in one list (a day, or a special-hours range). */
function refuseOverlap(
  intervals: readonly OpeningInterval[],
  context: z.core.$RefinementCtx,
  where: string,
  path: PropertyKey[],
) {
  const overlap = overlapOf(intervals);
  if (!overlap) return;
  const first = intervals[overlap.first];
  const second = intervals[overlap.second];
  if (!first || !second) return;
  context.addIssue({
    code: 'custom',
    message: `${where} hours overlap (${range(first)} and ${range(second)}): change one, or join them into one.`,
    path: [...path, overlap.second, 'open'],
  });
}

/**
 * Weekday -> intervals; an empty list means closed that day. Intervals of a day may not overlap, and
 * an overnight interval may not run into the next day's first opening (Mon 18:00-02:00 with
 * Tue 01:00-09:00 would count the same hour twice, and a shopper could not tell which applies).
 */
export const weeklyHoursSchema = z
  .object(
    Object.fromEntries(
      WEEKDAYS.map((day) => [
        day,
        z
          .array(openingIntervalSchema)
          .max(6, { error: `${WEEKDAY_NAMES[day]} may have at most 6 opening times.` }),
      ]),
    ) as Record<Weekday, z.ZodArray<typeof openingIntervalSchema>>,
  )
  .superRefine((weekly, context) => {
    WEEKDAYS.forEach((day, position) => {
      const intervals = weekly[day];
      refuseOverlap(intervals, context, `${WEEKDAY_NAMES[day]}'s`, [day]);
      const next = WEEKDAYS[(position + 1) % WEEKDAYS.length] ?? 'mon';
      const lateClose = Math.max(
        0,
        ...intervals.map((interval) => spanOf(interval).end - MINUTES_PER_DAY),
      );
      if (lateClose === 0) return;
      const clash = weekly[next].findIndex((interval) => spanOf(interval).start < lateClose);
      const late = intervals.find(
        (interval) => spanOf(interval).end - MINUTES_PER_DAY === lateClose,
      );
      const early = weekly[next][clash];
      if (clash < 0 || !late || !early) return;
      context.addIssue({
        code: 'custom',
        message: `${WEEKDAY_NAMES[day]}'s ${range(late)} runs past midnight into ${WEEKDAY_NAMES[next]}'s ${range(early)}: change one of them.`,
        path: [next, clash, 'open'],
      });
    });
  });
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

/**
 * A whole day closed (statutory holiday, stocktaking). It cancels the intervals that open on that
 * date; an overnight interval that opened the evening before still runs to its close, as the shop
 * is already open.
 */
export const holidayClosureSchema = z.object({
  date: localDateSchema,
  name: safeText().trim().max(80, { error: 'Keep the closure reason under 80 characters.' }),
});
export type HolidayClosure = z.infer<typeof holidayClosureSchema>;

/** The longest special-hours range: a season (a summer schedule), not a new weekly schedule. */
export const SPECIAL_HOURS_MAX_DAYS = 184;

/**
 * Special hours for a date range (holiday season, summer, renovation): on every day from `from` to
 * `to` (inclusive) these intervals replace the weekly ones; an empty list closes the store. A holiday
 * closure inside the range still closes that day.
 */
export const specialHoursSchema = z
  .object({
    from: localDateSchema,
    to: localDateSchema,
    name: safeText().trim().max(80, { error: 'Keep the name under 80 characters.' }).default(''),
    intervals: z
      .array(openingIntervalSchema)
      .max(6, { error: 'Special hours may have at most 6 opening times a day.' }),
  })
  .superRefine((special, context) => {
    const from = parseLocalDate(special.from);
    const to = parseLocalDate(special.to);
    if (!from || !to) return;
    const days = Math.round(
      (Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) /
        86_400_000,
    );
    if (days < 0) {
      context.addIssue({
        code: 'custom',
        message: 'The last day of special hours must be on or after the first day.',
        path: ['to'],
      });
    } else if (days >= SPECIAL_HOURS_MAX_DAYS) {
      context.addIssue({
        code: 'custom',
        message: `Special hours can cover at most ${SPECIAL_HOURS_MAX_DAYS} days: change the weekly hours instead.`,
        path: ['to'],
      });
    }
    refuseOverlap(special.intervals, context, 'These special', ['intervals']);
  });
export type SpecialHours = z.infer<typeof specialHoursSchema>;

export const timeZoneSchema = safeText({ error: 'Choose the store’s time zone.' }).refine(
  isValidTimeZone,
  { error: 'Choose the store’s time zone from the list.' },
);

/**
 * A store's opening hours: weekly intervals in its own time zone, special hours for date ranges
 * replacing them, minus holiday closures. `special` is optional so hours saved before it existed
 * (and the demo data) read as they are.
 */
export const openingHoursSchema = z.object({
  timeZone: timeZoneSchema,
  weekly: weeklyHoursSchema,
  holidays: z.array(holidayClosureSchema).max(400, { error: 'Plan at most 400 closures.' }),
  special: z
    .array(specialHoursSchema)
    .max(50, { error: 'Plan at most 50 special-hours ranges.' })
    .superRefine((ranges, context) => {
      const sorted = ranges
        .map((special, index) => ({ ...special, index }))
        .sort((a, b) => a.from.localeCompare(b.from));
      for (let i = 1; i < sorted.length; i++) {
        const previous = sorted[i - 1];
        const current = sorted[i];
        if (previous && current && current.from <= previous.to) {
          context.addIssue({
            code: 'custom',
            message: `Special hours from ${dateWords(current.from)} overlap the ones ending ${dateWords(previous.to)}: a day can follow one schedule only.`,
            path: [current.index, 'from'],
          });
          return;
        }
      }
    })
    .optional(),
});
export type OpeningHours = z.infer<typeof openingHoursSchema>;
