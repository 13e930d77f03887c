import type {
  OpeningHours,
  OpeningInterval,
  SpecialHours,
  Weekday,
} from './schemas/opening-hours.ts';
import {
  addDays,
  DAY_MS,
  dayOfWeek,
  formatClock,
  formatLocalDate,
  fromLocalDateTime,
  type LocalDate,
  toLocalDate,
  toLocalDateTime,
} from './zoned-time.ts';

/**
 * Opening hours as instants: "is it open now", "when does that change", and the label the store
 * cards show. Pure functions of (hours, instant) so the server and the app agree, and tests need no
 * clock. Business-minute arithmetic (order response deadlines) lives in business-minutes.ts.
 */

/** A stretch of time the store is open, as instants. */
export interface OpenPeriod {
  start: Date;
  end: Date;
}

/** Date.getUTCDay order (Sunday first) -> weekday key. */
const WEEKDAY_OF_DAY: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
export const WEEKDAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const MONTH_LABELS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** A calendar day as 'Thu Nov 19' (flyer validity, closures). */
export function shortDateLabel(date: LocalDate): string {
  return `${WEEKDAY_LABELS[dayOfWeek(date)]} ${MONTH_LABELS[date.month - 1]} ${date.day}`;
}

export function weekdayOf(date: LocalDate): Weekday {
  return WEEKDAY_OF_DAY[dayOfWeek(date)] ?? 'mon';
}

function clockParts(text: string): { hour: number; minute: number } {
  const [hour = 0, minute = 0] = text.split(':').map(Number);
  return { hour, minute };
}

/** The instants of one interval opening on `date`; null when DST swallows it (02:00-02:30 in a gap). */
function periodOn(date: LocalDate, interval: OpeningInterval, timeZone: string): OpenPeriod | null {
  const open = clockParts(interval.open);
  const close = clockParts(interval.close);
  // HH:MM strings compare in time order; '24:00' sorts after every other close.
  const endsNextDay = interval.close <= interval.open || interval.close === '24:00';
  const closeDate = endsNextDay ? addDays(date, 1) : date;
  const start = fromLocalDateTime({ ...date, ...open }, timeZone);
  const end = fromLocalDateTime(
    { ...closeDate, hour: close.hour % 24, minute: close.minute },
    timeZone,
  );
  return end > start ? { start, end } : null;
}

/** The special-hours range covering a local date, if any. */
export function specialHoursOn(hours: OpeningHours, date: LocalDate): SpecialHours | undefined {
  const key = formatLocalDate(date);
  return hours.special?.find((special) => special.from <= key && key <= special.to);
}

/**
 * The intervals that open on a local date: none on a holiday closure, a special-hours range's own
 * intervals inside it, else the weekly ones of that weekday.
 */
export function intervalsOn(hours: OpeningHours, date: LocalDate): readonly OpeningInterval[] {
  const key = formatLocalDate(date);
  if (hours.holidays.some((holiday) => holiday.date === key)) return [];
  return specialHoursOn(hours, date)?.intervals ?? hours.weekly[weekdayOf(date)];
}

/** Periods by the day they open on, from `firstDay` for `dayCount` days, in time order, lazily. */
function* periodsByOpeningDay(
  hours: OpeningHours,
  firstDay: LocalDate,
  dayCount: number,
): Generator<OpenPeriod> {
  const holidays = new Set(hours.holidays.map((holiday) => holiday.date));
  for (let offset = 0; offset < dayCount; offset++) {
    const date = addDays(firstDay, offset);
    if (holidays.has(formatLocalDate(date))) continue;
    const intervals = specialHoursOn(hours, date)?.intervals ?? hours.weekly[weekdayOf(date)];
    if (intervals.length === 0) continue;
    const ordered = [...intervals].sort((a, b) => a.open.localeCompare(b.open));
    for (const interval of ordered) {
      const period = periodOn(date, interval, hours.timeZone);
      if (period) yield period;
    }
  }
}

/**
 * The store's open periods that end after `from`, in order and never overlapping (an overlap of two
 * intervals is clipped, so minutes are never counted twice), looking `days` days past `from`'s local
 * date. Touching periods (Mon 18:00-24:00, Tue 00:00-02:00) stay separate; callers that need one
 * stretch join them. Lazy: a caller that stops early pays for the days it read.
 */
export function* openPeriods(hours: OpeningHours, from: Date, days: number): Generator<OpenPeriod> {
  // Start a day early: last night's 18:00-02:00 interval may still be running.
  const firstDay = addDays(toLocalDate(from, hours.timeZone), -1);
  let coveredUntil = Number.NEGATIVE_INFINITY;
  for (const period of periodsByOpeningDay(hours, firstDay, days + 2)) {
    const start = Math.max(period.start.getTime(), coveredUntil);
    const end = period.end.getTime();
    coveredUntil = Math.max(coveredUntil, end);
    if (end <= from.getTime() || end <= start) continue;
    yield { start: new Date(start), end: period.end };
  }
}

/** Is the store open at this instant? Opening minute included, closing minute excluded. */
export function isOpenAt(hours: OpeningHours, instant: Date): boolean {
  for (const period of openPeriods(hours, instant, 0)) return period.start <= instant;
  return false;
}

/** How far ahead `nextChange` looks; a store open round the clock that long gets no "closes". */
const WEEK_MS = 7 * DAY_MS;
/** Long enough for a run of holiday closures; only a store that never opens reads that far. */
const SEARCH_DAYS = 400;

export interface OpenStateChange {
  /** The state that begins at `at`: true when the store opens then, false when it closes. */
  open: boolean;
  at: Date;
}

/**
 * When the store next opens (if closed) or closes (if open). Adjacent periods count as one stretch,
 * so an evening 18:00-24:00 followed by 00:00-02:00 closes at 02:00, not at midnight. Null when
 * nothing changes: the store is open round the clock for at least a week, or never opens again within
 * a year (no hours, or closed for good).
 */
export function nextChange(hours: OpeningHours, instant: Date): OpenStateChange | null {
  const now = instant.getTime();
  let openUntil: number | null = null;
  for (const period of openPeriods(hours, instant, SEARCH_DAYS)) {
    const start = period.start.getTime();
    if (openUntil === null) {
      if (start > now) return { open: true, at: period.start };
      openUntil = period.end.getTime();
    } else if (start <= openUntil) {
      openUntil = period.end.getTime();
    } else {
      break;
    }
    if (openUntil - now > WEEK_MS) return null;
  }
  return openUntil === null ? null : { open: false, at: new Date(openUntil) };
}

/** The words of an open state: status, separator, detail. */
export const OPEN_STATE_WORDS = {
  open: 'Open now',
  closed: 'Closed',
  allDay: 'Open 24 hours',
  closes: 'closes',
  opens: 'opens',
  separator: ' · ',
} as const;

export interface OpenStateLabel {
  open: boolean;
  /** 'Open now', 'Closed' or 'Open 24 hours': the part a screen colours. */
  status: (typeof OPEN_STATE_WORDS)['open' | 'closed' | 'allDay'];
  /** 'closes 21:00', 'opens Mon 09:00', or null when nothing changes. */
  detail: string | null;
  /** status and detail joined: 'Open now · closes 21:00'. */
  text: string;
  changesAt: Date | null;
}

/**
 * When a change happens, in the store's local time: the clock alone within 24 hours ('21:00'; also
 * "tomorrow morning", as map apps do), the weekday within a week ('Mon 09:00'), else the date.
 */
function describeWhen(at: Date, instant: Date, timeZone: string): string {
  const local = toLocalDateTime(at, timeZone);
  const clock = formatClock(local);
  const ahead = at.getTime() - instant.getTime();
  if (ahead < DAY_MS) return clock;
  if (ahead < WEEK_MS) return `${WEEKDAY_LABELS[dayOfWeek(local)]} ${clock}`;
  return `${MONTH_LABELS[local.month - 1]} ${local.day} ${clock}`;
}

/** 'Open now · closes 21:00' / 'Closed · opens Mon 09:00' / 'Open 24 hours' / 'Closed'. */
export function openStateLabel(hours: OpeningHours, instant: Date): OpenStateLabel {
  const open = isOpenAt(hours, instant);
  const change = nextChange(hours, instant);
  if (!change) {
    const status = open ? OPEN_STATE_WORDS.allDay : OPEN_STATE_WORDS.closed;
    return { open, status, detail: null, text: status, changesAt: null };
  }
  const status = open ? OPEN_STATE_WORDS.open : OPEN_STATE_WORDS.closed;
  const verb = open ? OPEN_STATE_WORDS.closes : OPEN_STATE_WORDS.opens;
  const detail = `${verb} ${describeWhen(change.at, instant, hours.timeZone)}`;
  return {
    open,
    status,
    detail,
    text: `${status}${OPEN_STATE_WORDS.separator}${detail}`,
    changesAt: change.at,
  };
}

/** One day's intervals for the hours table: '09:00-17:00', '11:30-14:30, 17:00-22:00', 'Closed'. */
export function formatDayHours(intervals: readonly OpeningInterval[]): string {
  if (intervals.length === 0) return OPEN_STATE_WORDS.closed;
  if (intervals.some((interval) => interval.open === '00:00' && interval.close === '24:00')) {
    return OPEN_STATE_WORDS.allDay;
  }
  return [...intervals]
    .sort((a, b) => a.open.localeCompare(b.open))
    .map((interval) => `${interval.open}-${interval.close}`)
    .join(', ');
}
