import {
  addDays,
  daysBetween,
  formatDayHours,
  formatLocalDate,
  formatPrice,
  OPEN_STATE_WORDS,
  parseLocalDate,
  pickupPromiseLabel,
  specialHoursOn,
  weekdayOf,
  WEEKDAYS,
  type BusinessDetail,
  type HolidayClosure,
  type LocalDate,
  type PostalAddress,
  type Weekday,
} from '@localmart/contract';
import { readableDate, storeToday } from '../../../components/catalog/store-dates.ts';

const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export interface HoursRow {
  day: string;
  hours: string;
  /** The store's today (its own time zone), which the table highlights. */
  today: boolean;
}

/**
 * The hours table: Monday first, each day's intervals in the contract's wording, today (on the
 * store's clock) marked. Each row is the coming 7 days' date of that weekday, so special hours
 * (a holiday season) show on their rows with their name, and a holiday closure today reads
 * 'Closed (Christmas Day)' on today's row.
 */
export function hoursRows(hours: BusinessDetail['hours'], now: Date = new Date()): HoursRow[] {
  const today = storeToday(hours.timeZone, now);
  const todayKey = weekdayOf(today);
  const todayIndex = WEEKDAYS.indexOf(todayKey);
  const closure = hours.holidays.find((holiday) => holiday.date === formatLocalDate(today));
  return WEEKDAYS.map((day, index) => {
    const isToday = day === todayKey;
    const date = addDays(today, (index - todayIndex + 7) % 7);
    const special = specialHoursOn(hours, date);
    let text = formatDayHours(special ? special.intervals : hours.weekly[day]);
    if (special) text = `${text} (${special.name || SPECIAL_HOURS})`;
    if (isToday && closure) {
      text = closure.name
        ? `${OPEN_STATE_WORDS.closed} (${closure.name})`
        : OPEN_STATE_WORDS.closed;
    }
    return { day: DAY_NAMES[day], hours: text, today: isToday };
  });
}

export const SPECIAL_HOURS = 'Special hours';

/**
 * Special hours that have not ended, soonest first: 'Thu, Dec 24 – Sat, Dec 26 · Christmas ·
 * Closed', or 'Mon, Dec 21 · 08:00-22:00' for one day.
 */
export function upcomingSpecialLines(
  hours: BusinessDetail['hours'],
  now: Date = new Date(),
  limit: number = HOLIDAYS_SHOWN,
): string[] {
  const today = formatLocalDate(storeToday(hours.timeZone, now));
  return (hours.special ?? [])
    .filter((range) => range.to >= today)
    .sort((a, b) => a.from.localeCompare(b.from))
    .slice(0, limit)
    .map((range) => {
      const from = parseLocalDate(range.from);
      const to = parseLocalDate(range.to);
      const when =
        from && to
          ? range.from === range.to
            ? readableDate(from)
            : `${readableDate(from)} – ${readableDate(to)}`
          : `${range.from} – ${range.to}`;
      return [when, range.name, formatDayHours(range.intervals)].filter(Boolean).join(' · ');
    });
}

/** How many holiday closures the hours list; the rest are further off than anyone plans. */
export const HOLIDAYS_SHOWN = 5;

/**
 * The next holiday closures from the store's today, soonest first, as people read them:
 * 'Fri, Dec 25 · Christmas Day · Closed' ('Fri, Dec 25 · Closed' without a name). Past ones are gone.
 */
export function upcomingHolidayLines(
  hours: BusinessDetail['hours'],
  now: Date = new Date(),
  limit: number = HOLIDAYS_SHOWN,
): string[] {
  const today = storeToday(hours.timeZone, now);
  return hours.holidays
    .map((holiday) => ({ holiday, date: parseLocalDate(holiday.date) }))
    .filter(
      (entry): entry is { holiday: HolidayClosure; date: LocalDate } =>
        entry.date !== null && daysBetween(today, entry.date) >= 0,
    )
    .sort((a, b) => a.holiday.date.localeCompare(b.holiday.date))
    .slice(0, limit)
    .map(({ holiday, date }) => {
      const ahead = daysBetween(today, date);
      const when = ahead === 0 ? 'Today' : readableDate(date, ahead > 300);
      return [when, holiday.name, OPEN_STATE_WORDS.closed].filter(Boolean).join(' · ');
    });
}

/** '120 King St W, Unit 4, Toronto, ON M5H 1J9' */
export function addressText(address: PostalAddress): string {
  const street = [address.line1, address.line2].filter(Boolean).join(', ');
  return `${street}, ${address.city}, ${address.region} ${address.postalCode}`;
}

/** The fulfilment lines of the store page, in the order a shopper decides by. */
export function fulfilmentLines(business: BusinessDetail, locale?: string): string[] {
  const lines: string[] = [];
  const { reservePickup, buyOnlinePickup, sameDayDelivery } = business.fulfilment;
  if (reservePickup || buyOnlinePickup) {
    const ways = [reservePickup && 'reserve', buyOnlinePickup && 'buy online'].filter(Boolean);
    const promise =
      business.pickupReadyMinutes !== null
        ? ` · ${pickupPromiseLabel(business.pickupReadyMinutes)}`
        : '';
    lines.push(`In-store pickup (${ways.join(' or ')})${promise}`);
  }
  const delivery = business.delivery;
  if (sameDayDelivery && delivery) {
    lines.push(
      `Same-day delivery within ${delivery.radiusKm} km · ${formatPrice(delivery.fee, locale)} fee · ` +
        `${formatPrice(delivery.minimumOrder, locale)} minimum · order by ${delivery.cutoffTime}`,
    );
  }
  return lines;
}
