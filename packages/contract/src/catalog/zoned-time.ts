/**
 * Wall-clock time in an IANA time zone with nothing but Intl: a store's hours are local ("09:00 in
 * America/Toronto"), instants are UTC, and the offset between them changes twice a year. We never
 * assume an offset; we ask Intl (formatToParts) what the wall clock reads at an instant, and solve the
 * other direction from that.
 */

/** A calendar date with no time zone: month 1-12. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/** A wall-clock reading with no time zone. */
export interface LocalDateTime extends LocalDate {
  hour: number;
  minute: number;
  second: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      // h23, not hour12: false, which some engines render as "24" at midnight
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when Intl knows this IANA zone (e.g. 'America/Toronto'); false for 'Mars/Olympus'. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * Readings already made, by zone and whole second (a reading has no smaller unit). A list of stores
 * asks one zone about the same few instants (now, today's opening and closing times) for every
 * store, and formatToParts is the costliest step of an answer's JS (issue 18: the most self time
 * of a stores-near-me request at bench scale). Cleared when full, so it stays small.
 */
const readings = new Map<string, LocalDateTime>();
const MAX_READINGS = 10_000;

/** What a wall clock in `timeZone` reads at `instant`. */
export function toLocalDateTime(instant: Date, timeZone: string): LocalDateTime {
  const key = `${timeZone}|${Math.floor(instant.getTime() / 1000)}`;
  const known = readings.get(key);
  if (known) return { ...known };
  const reading: LocalDateTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type in reading) reading[part.type as keyof LocalDateTime] = Number(part.value);
  }
  if (readings.size >= MAX_READINGS) readings.clear();
  readings.set(key, reading);
  return { ...reading };
}

/** The wall-clock reading as if it were UTC, in ms: the arithmetic space for local times. */
function wallMs(local: Omit<LocalDateTime, 'second'> & { second?: number }): number {
  return Date.UTC(
    local.year,
    local.month - 1,
    local.day,
    local.hour,
    local.minute,
    local.second ?? 0,
  );
}

/** How far `timeZone` is ahead of UTC at `instant`, in ms (-4 h = -14_400_000 for Toronto in summer). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const wholeSecond = Math.floor(instant.getTime() / 1000) * 1000;
  return wallMs(toLocalDateTime(new Date(wholeSecond), timeZone)) - wholeSecond;
}

/**
 * The instant a wall clock in `timeZone` shows `local` (seconds 0 unless given). Follows Temporal's
 * 'compatible' rule for the two DST edge cases: a time that happens twice (fall back, 01:30) is the
 * earlier one; a time that never happens (spring forward, 02:30) is moved forward by the gap (03:30),
 * so a store "opening at 02:30" that night opens at 03:30 local.
 */
export function fromLocalDateTime(
  local: Omit<LocalDateTime, 'second'> & { second?: number },
  timeZone: string,
): Date {
  const wall = wallMs(local);
  // Offsets a day either side bracket any single transition near this wall time.
  const offsetBefore = zoneOffsetMs(new Date(wall - DAY_MS), timeZone);
  const offsetAfter = zoneOffsetMs(new Date(wall + DAY_MS), timeZone);
  const candidates = [...new Set([offsetBefore, offsetAfter])]
    .map((offset) => wall - offset)
    .filter((instant) => wall - instant === zoneOffsetMs(new Date(instant), timeZone))
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? wall - offsetBefore);
}

/** The calendar date in `timeZone` at `instant`. */
export function toLocalDate(instant: Date, timeZone: string): LocalDate {
  const { year, month, day } = toLocalDateTime(instant, timeZone);
  return { year, month, day };
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}

/** 0 = Sunday ... 6 = Saturday, as Date.getUTCDay counts. */
export function dayOfWeek(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** Whole days from `a` to `b` (negative when b is earlier). */
export function daysBetween(a: LocalDate, b: LocalDate): number {
  return Math.round(
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS,
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD', the format of dates in the API and in holiday lists. */
export function formatLocalDate(date: LocalDate): string {
  return `${String(date.year).padStart(4, '0')}-${pad(date.month)}-${pad(date.day)}`;
}

/** 'YYYY-MM-DD' -> LocalDate, or null when it is not a real calendar date. */
export function parseLocalDate(text: string): LocalDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return formatLocalDate(addDays(date, 0)) === text ? date : null;
}

/** 'HH:MM' of a wall-clock reading. */
export function formatClock(local: Pick<LocalDateTime, 'hour' | 'minute'>): string {
  return `${pad(local.hour)}:${pad(local.minute)}`;
}

export { DAY_MS, MINUTE_MS };
