import { openPeriods } from './opening-hours.ts';
import type { OpeningHours } from './schemas/opening-hours.ts';
import { DAY_MS, MINUTE_MS } from './zoned-time.ts';

/**
 * Time counted only while a store is open. The terms (spec §9) give retailers "4 hours during business
 * hours" to respond to an order: an order placed Friday 16:00 at a store open Mon-Fri 9-17 is due
 * Monday 12:00 (one hour on Friday, three on Monday). Minutes are real elapsed minutes, so a day with
 * a DST change counts the hour it really had.
 */

/** How far ahead a deadline may fall; a store closed longer than this never answers. */
const DEADLINE_SEARCH_DAYS = 400;

/** Open minutes between `start` and `end` (0 when end is not after start). May be fractional. */
export function businessMinutesBetween(hours: OpeningHours, start: Date, end: Date): number {
  const from = start.getTime();
  const to = end.getTime();
  if (!(to > from)) return 0;
  let total = 0;
  const days = Math.ceil((to - from) / DAY_MS) + 1;
  for (const period of openPeriods(hours, start, days)) {
    const periodStart = Math.max(period.start.getTime(), from);
    if (periodStart >= to) break;
    total += Math.min(period.end.getTime(), to) - periodStart;
  }
  return total / MINUTE_MS;
}

/**
 * The instant `minutes` open minutes after `start`: the order-response deadline. A deadline that lands
 * exactly on closing time is that closing time (Friday 13:00 + 4 h = Friday 17:00), not the next
 * opening. Zero minutes is `start` itself. Null when the store does not open again within about a
 * year, so there is no deadline to show.
 */
export function addBusinessMinutes(hours: OpeningHours, start: Date, minutes: number): Date | null {
  if (!Number.isFinite(minutes) || minutes < 0) {
    throw new RangeError(`minutes must be a finite number of at least 0; got ${minutes}`);
  }
  const from = start.getTime();
  let remaining = minutes * MINUTE_MS;
  if (remaining === 0) return new Date(from);
  for (const period of openPeriods(hours, start, DEADLINE_SEARCH_DAYS)) {
    const periodStart = Math.max(period.start.getTime(), from);
    const available = period.end.getTime() - periodStart;
    if (available >= remaining) return new Date(periodStart + remaining);
    remaining -= available;
  }
  return null;
}
