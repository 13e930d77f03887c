import {
  dayOfWeek,
  daysBetween,
  MONTH_LABELS,
  parseLocalDate,
  toLocalDate,
  WEEKDAY_LABELS,
  type LocalDate,
} from '@localmart/contract';

/**
 * Store calendar days as people read them. A store's dates (flyer validity, holiday closures) are its
 * own calendar days, so "today" is read on the store's clock, never the shopper's.
 */

/** 'Fri, Dec 25'; with `withYear`, 'Fri, Dec 25, 2026'. */
export function readableDate(date: LocalDate, withYear = false): string {
  const day = `${WEEKDAY_LABELS[dayOfWeek(date)]}, ${MONTH_LABELS[date.month - 1]} ${date.day}`;
  return withYear ? `${day}, ${date.year}` : day;
}

/** The store's calendar day at `now`. */
export function storeToday(timeZone: string, now: Date = new Date()): LocalDate {
  return toLocalDate(now, timeZone);
}

/**
 * 'Ends today', 'Ends tomorrow' or 'Ends Fri, Dec 4' for a flyer valid through `validTo` (a store
 * calendar day, included); 'Ended' once it is past; null when the date cannot be read.
 */
export function flyerEndsLabel(
  validTo: string,
  timeZone: string,
  now: Date = new Date(),
): string | null {
  const end = parseLocalDate(validTo);
  if (!end) return null;
  const ahead = daysBetween(storeToday(timeZone, now), end);
  if (ahead < 0) return 'Ended';
  if (ahead === 0) return 'Ends today';
  if (ahead === 1) return 'Ends tomorrow';
  return `Ends ${readableDate(end, ahead > 300)}`;
}
