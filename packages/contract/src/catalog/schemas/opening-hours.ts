import { z } from 'zod';
import { isValidTimeZone, parseLocalDate } from '../zoned-time.ts';
import { safeText } from '../../schemas/safe-input.ts';

/** Weekday keys of a weekly schedule, Monday first as shoppers read a week. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const CLOCK = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** 'HH:MM' (24-hour) wall-clock time in the store's time zone. */
export const clockTimeSchema = safeText({ error: 'time must be text like 09:00' }).regex(CLOCK, {
  error: 'time must be HH:MM between 00:00 and 23:59',
});

/** Dates are 'YYYY-MM-DD' calendar days in the store's time zone. */
export const localDateSchema = safeText({ error: 'date must be text like 2025-12-25' }).refine(
  (text) => parseLocalDate(text) !== null,
  {
    error: 'date must be a real YYYY-MM-DD date',
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
    close: safeText({ error: 'close must be text like 17:00' }).regex(
      /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/,
      {
        error: 'close must be HH:MM between 00:00 and 24:00',
      },
    ),
  })
  .refine((interval) => interval.open !== interval.close, {
    error: 'close must differ from open (use 00:00-24:00 for a whole day)',
    path: ['close'],
  });
export type OpeningInterval = z.infer<typeof openingIntervalSchema>;

/** Weekday -> intervals; an empty list means closed that day. */
export const weeklyHoursSchema = z.object(
  Object.fromEntries(
    WEEKDAYS.map((day) => [
      day,
      z.array(openingIntervalSchema).max(6, { error: `${day} may have at most 6 intervals` }),
    ]),
  ) as Record<Weekday, z.ZodArray<typeof openingIntervalSchema>>,
);
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

/**
 * A whole day closed (statutory holiday, stocktaking). It cancels the intervals that open on that
 * date; an overnight interval that opened the evening before still runs to its close, as the shop
 * is already open.
 */
export const holidayClosureSchema = z.object({
  date: localDateSchema,
  name: safeText().trim().max(80, { error: 'holiday name must be at most 80 characters' }),
});
export type HolidayClosure = z.infer<typeof holidayClosureSchema>;

export const timeZoneSchema = safeText({ error: 'timeZone must be text' }).refine(isValidTimeZone, {
  error: 'timeZone must be an IANA time zone like America/Toronto',
});

/** A store's opening hours: weekly intervals in its own time zone, minus holiday closures. */
export const openingHoursSchema = z.object({
  timeZone: timeZoneSchema,
  weekly: weeklyHoursSchema,
  holidays: z.array(holidayClosureSchema).max(400, { error: 'at most 400 holiday closures' }),
});
export type OpeningHours = z.infer<typeof openingHoursSchema>;
