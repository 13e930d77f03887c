import { addBusinessMinutes } from '../catalog/business-minutes.ts';
import { pickupPromiseLabel } from '../catalog/catalog-labels.ts';
import { isOpenAt, MONTH_LABELS, nextChange, openPeriods } from '../catalog/opening-hours.ts';
import type { DeliverySettings } from '../catalog/schemas/business.ts';
import type { OpeningHours } from '../catalog/schemas/opening-hours.ts';
import {
  addDays,
  dayOfWeek,
  daysBetween,
  formatClock,
  fromLocalDateTime,
  MINUTE_MS,
  toLocalDate,
  toLocalDateTime,
} from '../catalog/zoned-time.ts';
import { commerceMessages as m } from './commerce-messages.ts';

/**
 * Every time checkout promises (when a pickup order is ready, whether delivery still comes today),
 * counted on the store's opening hours in the store's time zone, never on the server's or the
 * shopper's clock. Pure functions of (hours, instant) so the cart, the quote, placement and the
 * store's accept step agree, and tests need no clock.
 */

const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/**
 * When an order placed at `placedAt` is ready for pickup, the store taking `readyMinutes` to prepare
 * it. A store open long enough prepares it now: placed 13:00, 2 h, closes 17:00 -> 15:00. One that
 * closes first (placed 22:56, closes 23:00), or is closed, prepares it from its next opening: opens
 * 10:00 -> 12:00; the minutes left before closing are not counted, nobody starts an order four
 * minutes before locking up. A preparation longer than a day counts only open minutes. Null when
 * the store does not prepare orders (`readyMinutes` null) or never opens again within about a year.
 */
export function readyTimeAt(
  hours: OpeningHours,
  placedAt: Date,
  readyMinutes: number | null,
): Date | null {
  if (readyMinutes === null) return null;
  const change = nextChange(hours, placedAt);
  if (isOpenAt(hours, placedAt)) {
    // Open round the clock for a week or more: every minute is an open minute.
    if (!change) return addBusinessMinutes(hours, placedAt, readyMinutes);
    const ready = placedAt.getTime() + readyMinutes * MINUTE_MS;
    if (ready <= change.at.getTime()) return new Date(ready);
    const reopening = nextChange(hours, change.at);
    return reopening?.open ? addBusinessMinutes(hours, reopening.at, readyMinutes) : null;
  }
  return change?.open ? addBusinessMinutes(hours, change.at, readyMinutes) : null;
}

/** 'today', 'tomorrow', 'Monday' within the week, else 'Nov 30': the store's calendar, from `now`. */
export function readyDayWord(instant: Date, now: Date, timeZone: string): string {
  const day = toLocalDate(instant, timeZone);
  const ahead = daysBetween(toLocalDate(now, timeZone), day);
  if (ahead === 0) return 'today';
  if (ahead === 1) return 'tomorrow';
  if (ahead > 1 && ahead < 7) return WEEKDAY_NAMES[dayOfWeek(day)] ?? 'soon';
  return `${MONTH_LABELS[day.month - 1]} ${day.day}`;
}

/** 'Ready tomorrow from 12:00': when an order will be ready, on another day or after a closure. */
export function readyFromLabel(ready: Date, now: Date, timeZone: string): string {
  const clock = formatClock(toLocalDateTime(ready, timeZone));
  return `Ready ${readyDayWord(ready, now, timeZone)} from ${clock}`;
}

/**
 * The promise a cart or checkout shows for pickup at `now`: 'Usually ready in 2 h' while the store
 * stays open long enough to prepare the order; else when it will be ready, 'Ready today from 12:00'
 * (closed until 10:00), 'Ready tomorrow from 11:00', 'Ready Monday from 11:00'. Null when the store
 * does not prepare pickup orders or never opens again.
 */
export function pickupPromiseAt(
  hours: OpeningHours,
  now: Date,
  readyMinutes: number | null,
): string | null {
  if (readyMinutes === null) return null;
  const ready = readyTimeAt(hours, now, readyMinutes);
  if (!ready) return null;
  const preparedNow = ready.getTime() === now.getTime() + readyMinutes * MINUTE_MS;
  if (preparedNow && isOpenAt(hours, now)) return pickupPromiseLabel(readyMinutes);
  return readyFromLabel(ready, now, hours.timeZone);
}

/**
 * A placed order's ready time as the shopper reads it, in the store's time zone: 'Ready by 15:45'
 * today, 'Ready tomorrow from 11:56' or 'Ready Monday from 11:56' when the store closed first.
 */
export function readyByLabel(readyBy: Date, now: Date, timeZone: string): string {
  if (readyDayWord(readyBy, now, timeZone) === 'today') {
    return `Ready by ${formatClock(toLocalDateTime(readyBy, timeZone))}`;
  }
  return readyFromLabel(readyBy, now, timeZone);
}

/** Does the store open (or stay open) at some point between `now` and its local midnight? */
export function opensAgainToday(hours: OpeningHours, now: Date): boolean {
  const tomorrow = addDays(toLocalDate(now, hours.timeZone), 1);
  const midnight = fromLocalDateTime({ ...tomorrow, hour: 0, minute: 0 }, hours.timeZone);
  for (const period of openPeriods(hours, now, 1)) return period.start < midnight;
  return false;
}

/**
 * Why same-day delivery cannot be ordered at `now`, in the shopper's words; null when it can (or the
 * store does not deliver, which the fulfilment flags tell). Refused from the store's local cut-off
 * on, and when the store will not open again today (closed all day, or closed for the evening
 * before its cut-off).
 */
export function sameDayDeliveryRefusal(
  store: { name: string; hours: OpeningHours; delivery: DeliverySettings | null },
  now: Date,
): string | null {
  const { delivery, hours } = store;
  if (!delivery) return null;
  const clock = formatClock(toLocalDateTime(now, hours.timeZone));
  if (clock >= delivery.cutoffTime) return m.deliveryAfterCutoff(store.name, delivery.cutoffTime);
  if (!opensAgainToday(hours, now)) return m.deliveryClosedToday(store.name);
  return null;
}
