import {
  intervalsOn,
  MONTH_LABELS,
  specialHoursOn,
  WEEKDAY_LABELS,
  weekdayOf,
} from '../catalog/opening-hours.ts';
import type { OpeningHours } from '../catalog/schemas/opening-hours.ts';
import {
  dayOfWeek,
  formatClock,
  formatLocalDate,
  fromLocalDateTime,
  type LocalDate,
  toLocalDate,
  toLocalDateTime,
} from '../catalog/zoned-time.ts';
import {
  APPOINTMENT_DEFAULT_CUTOFF_HOURS,
  APPOINTMENT_SLOT_MAX_MINUTES,
  APPOINTMENT_SLOT_MIN_MINUTES,
} from './appointment-constants.ts';
import type { ServiceAvailability } from './appointment-schemas.ts';

/**
 * A service's bookable times from its availability, as pure functions of (availability, the store's
 * hours, a date), so the server's booking check and the picker it answers agree. Times are the
 * store's wall clock; instants come from its time zone (DST handled by fromLocalDateTime).
 */

export interface SlotTime {
  start: Date;
  end: Date;
}

/** Before a provider saves anything: the store's hours, slots as long as the service, one place. */
export function defaultAvailability(durationMinutes: number): ServiceAvailability {
  return {
    weekly: null,
    slotMinutes: Math.min(
      APPOINTMENT_SLOT_MAX_MINUTES,
      Math.max(APPOINTMENT_SLOT_MIN_MINUTES, durationMinutes),
    ),
    capacity: 1,
    breaks: [],
    closures: [],
    cutoffHours: APPOINTMENT_DEFAULT_CUTOFF_HOURS,
  };
}

function minutesOf(clock: string): number {
  const [hour = 0, minute = 0] = clock.split(':').map(Number);
  return hour * 60 + minute;
}

/**
 * The slots of one local date, in time order. A window closing after midnight (or at 24:00) ends
 * at midnight for appointments: a slot never runs into the next day. A slot that touches a break
 * is left out; closures and the store's holidays have none.
 */
export function slotsOnDate(
  availability: ServiceAvailability,
  hours: OpeningHours,
  date: LocalDate,
): SlotTime[] {
  const key = formatLocalDate(date);
  if (availability.closures.includes(key)) return [];
  if (hours.holidays.some((holiday) => holiday.date === key)) return [];
  // Special hours that close the store (a renovation) close its appointments too.
  if (specialHoursOn(hours, date)?.intervals.length === 0) return [];
  // The provider's own weekly windows, else the store's hours of that date (special hours included).
  const windows = [
    ...(availability.weekly ? availability.weekly[weekdayOf(date)] : intervalsOn(hours, date)),
  ].sort((a, b) => a.open.localeCompare(b.open));
  const breaks = availability.breaks.map((pause) => ({
    start: minutesOf(pause.start),
    end: minutesOf(pause.end),
  }));
  const starts = new Set<number>();
  for (const window of windows) {
    const open = minutesOf(window.open);
    const close =
      window.close === '24:00' || window.close <= window.open ? 24 * 60 : minutesOf(window.close);
    for (let at = open; at + availability.slotMinutes <= close; at += availability.slotMinutes) {
      const end = at + availability.slotMinutes;
      if (breaks.some((pause) => at < pause.end && end > pause.start)) continue;
      starts.add(at);
    }
  }
  const slots: SlotTime[] = [];
  for (const at of [...starts].sort((a, b) => a - b)) {
    const start = fromLocalDateTime(
      { ...date, hour: Math.floor(at / 60), minute: at % 60 },
      hours.timeZone,
    );
    // A start that DST moved (02:30 in the spring gap) is not a time the provider offered.
    const local = toLocalDateTime(start, hours.timeZone);
    if (local.hour * 60 + local.minute !== at) continue;
    slots.push({ start, end: new Date(start.getTime() + availability.slotMinutes * 60_000) });
  }
  return slots;
}

/** The offered slot starting exactly at `start`, or null when none does. */
export function offeredSlotAt(
  availability: ServiceAvailability,
  hours: OpeningHours,
  start: Date,
): SlotTime | null {
  const date = toLocalDate(start, hours.timeZone);
  return (
    slotsOnDate(availability, hours, date).find(
      (slot) => slot.start.getTime() === start.getTime(),
    ) ?? null
  );
}

/** 'Fri Nov 27' of a local date. */
export function appointmentDayLabel(date: LocalDate): string {
  return `${WEEKDAY_LABELS[dayOfWeek(date)]} ${MONTH_LABELS[date.month - 1]} ${date.day}`;
}

/** 'Fri Nov 27, 15:00–16:00' on the store's clock. */
export function appointmentLabel(start: Date, end: Date, timeZone: string): string {
  const from = toLocalDateTime(start, timeZone);
  const to = toLocalDateTime(end, timeZone);
  return `${appointmentDayLabel(from)}, ${formatClock(from)}–${formatClock(to)}`;
}

/** Until when the shopper may reschedule or cancel: start minus the cut-off hours. */
export function changeableUntil(start: Date, cutoffHours: number): Date {
  return new Date(start.getTime() - cutoffHours * 3_600_000);
}
