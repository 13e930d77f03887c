import {
  addDays,
  daysBetween,
  formatLocalDate,
  type HolidayClosure,
  type LocalDate,
  toLocalDate,
} from '@localmart/contract';

/**
 * Ontario's public holidays (and the Civic Holiday most shops keep), computed for any year, so demo
 * closures are always the next real ones relative to `now`.
 */

function nthWeekday(year: number, month: number, weekday: number, nth: number): LocalDate {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const day = 1 + ((weekday - first + 7) % 7) + (nth - 1) * 7;
  return { year, month, day };
}

/** Easter Sunday (anonymous Gregorian algorithm). */
function easterSunday(year: number): LocalDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

/** Victoria Day: the Monday before May 25. */
function victoriaDay(year: number): LocalDate {
  const may24 = new Date(Date.UTC(year, 4, 24)).getUTCDay();
  return { year, month: 5, day: 24 - ((may24 + 6) % 7) };
}

export function ontarioHolidays(year: number): HolidayClosure[] {
  const holidays: [LocalDate, string][] = [
    [{ year, month: 1, day: 1 }, "New Year's Day"],
    [nthWeekday(year, 2, 1, 3), 'Family Day'],
    [addDays(easterSunday(year), -2), 'Good Friday'],
    [victoriaDay(year), 'Victoria Day'],
    [{ year, month: 7, day: 1 }, 'Canada Day'],
    [nthWeekday(year, 8, 1, 1), 'Civic Holiday'],
    [nthWeekday(year, 9, 1, 1), 'Labour Day'],
    [nthWeekday(year, 10, 1, 2), 'Thanksgiving'],
    [{ year, month: 12, day: 25 }, 'Christmas Day'],
    [{ year, month: 12, day: 26 }, 'Boxing Day'],
  ];
  return holidays.map(([date, name]) => ({ date: formatLocalDate(date), name }));
}

/** Holidays from today (store-local) through the next 365 days, in date order. */
export function upcomingHolidays(now: Date, timeZone: string): HolidayClosure[] {
  const today = toLocalDate(now, timeZone);
  return [...ontarioHolidays(today.year), ...ontarioHolidays(today.year + 1)].filter((holiday) => {
    const [year = 0, month = 0, day = 0] = holiday.date.split('-').map(Number);
    const ahead = daysBetween(today, { year, month, day });
    return ahead >= 0 && ahead < 365;
  });
}
