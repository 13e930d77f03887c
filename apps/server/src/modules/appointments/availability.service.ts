import {
  APPOINTMENT_DAYS_AHEAD,
  APPOINTMENT_MIN_NOTICE_MINUTES,
  addDays,
  appointmentMessages as m,
  defaultAvailability,
  formatClock,
  formatLocalDate,
  type ManagedAvailability,
  MONTH_LABELS,
  type OpeningHours,
  parseLocalDate,
  type ServiceAvailability,
  type ServiceSlots,
  slotsOnDate,
  toLocalDate,
  toLocalDateTime,
  WEEKDAY_LABELS,
  dayOfWeek,
} from '@localmart/contract';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  appointmentSlots,
  businesses,
  serviceAvailability,
  services,
} from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';
import { shopperVisibleSql } from '../catalog/shared/shopper-visibility.ts';

/** A service with what decides its times: its store's hours and its availability (or the defaults). */
export interface BookableService {
  id: string;
  businessId: string;
  name: string;
  durationMinutes: number;
  hours: OpeningHours;
  availability: ServiceAvailability;
  saved: boolean;
}

type AvailabilityRow = typeof serviceAvailability.$inferSelect;

function availabilityOf(row: AvailabilityRow | null, durationMinutes: number): ServiceAvailability {
  if (!row) return defaultAvailability(durationMinutes);
  return {
    weekly: row.weekly,
    slotMinutes: row.slotMinutes,
    capacity: row.capacity,
    breaks: row.breaks,
    closures: row.closures,
    cutoffHours: row.cutoffHours,
  };
}

/** Services by id with their store's hours and availability; `businessId` scopes to one store. */
export async function bookableServices(
  db: Database,
  serviceIds: readonly string[],
  scope: { businessId?: string; shopperVisible?: boolean } = {},
): Promise<Map<string, BookableService>> {
  if (serviceIds.length === 0) return new Map();
  const conditions = [inArray(services.id, [...serviceIds])];
  if (scope.businessId) conditions.push(eq(services.businessId, scope.businessId));
  if (scope.shopperVisible) conditions.push(shopperVisibleSql());
  const rows = await db
    .select({
      id: services.id,
      businessId: services.businessId,
      name: services.name,
      durationMinutes: services.durationMinutes,
      hours: businesses.hours,
      availability: serviceAvailability,
    })
    .from(services)
    .innerJoin(businesses, eq(businesses.id, services.businessId))
    .leftJoin(serviceAvailability, eq(serviceAvailability.serviceId, services.id))
    .where(and(...conditions));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        businessId: row.businessId,
        name: row.name,
        durationMinutes: row.durationMinutes,
        hours: row.hours,
        availability: availabilityOf(row.availability, row.durationMinutes),
        saved: row.availability !== null,
      },
    ]),
  );
}

async function oneService(
  db: Database,
  serviceId: string,
  scope: { businessId?: string; shopperVisible?: boolean },
): Promise<BookableService> {
  const found = (await bookableServices(db, [serviceId], scope)).get(serviceId);
  if (!found) throw new HttpError(404, m.serviceNotFound);
  return found;
}

export async function managedAvailability(
  db: Database,
  businessId: string,
  serviceId: string,
): Promise<ManagedAvailability> {
  const service = await oneService(db, serviceId, { businessId });
  return {
    serviceId: service.id,
    serviceName: service.name,
    durationMinutes: service.durationMinutes,
    saved: service.saved,
    availability: service.availability,
  };
}

/** The provider saves a service's availability; bookings already made keep their places. */
export async function saveAvailability(
  db: Database,
  businessId: string,
  serviceId: string,
  input: ServiceAvailability,
  now: Date,
): Promise<ManagedAvailability> {
  await oneService(db, serviceId, { businessId });
  const closures = [...new Set(input.closures)].sort();
  const values = { ...input, closures, updatedAt: now };
  await db
    .insert(serviceAvailability)
    .values({ serviceId, businessId, ...values })
    .onConflictDoUpdate({ target: serviceAvailability.serviceId, set: values });
  return managedAvailability(db, businessId, serviceId);
}

/** Places booked per slot start (ms) of a service between two instants. */
export async function bookedPlaces(
  db: Database,
  serviceId: string,
  from: Date,
  to: Date,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ startsAt: appointmentSlots.startsAt, booked: appointmentSlots.booked })
    .from(appointmentSlots)
    .where(
      and(
        eq(appointmentSlots.serviceId, serviceId),
        gte(appointmentSlots.startsAt, from),
        lt(appointmentSlots.startsAt, to),
      ),
    );
  return new Map(rows.map((row) => [row.startsAt.getTime(), row.booked]));
}

/** The earliest start a shopper may book at `now`. */
export function earliestBookable(now: Date): Date {
  return new Date(now.getTime() + APPOINTMENT_MIN_NOTICE_MINUTES * 60_000);
}

/**
 * The picker's days: from `from` (the store's today when absent or earlier) for the bookable
 * window, each with its times and places left. Times too soon to book are left out.
 */
export async function serviceSlots(
  db: Database,
  serviceId: string,
  fromText: string | undefined,
  now: Date,
): Promise<ServiceSlots> {
  const service = await oneService(db, serviceId, { shopperVisible: true });
  const { hours, availability } = service;
  const today = toLocalDate(now, hours.timeZone);
  const lastDay = addDays(today, APPOINTMENT_DAYS_AHEAD - 1);
  const asked = fromText ? parseLocalDate(fromText) : null;
  const first =
    asked &&
    formatLocalDate(asked) > formatLocalDate(today) &&
    formatLocalDate(asked) <= formatLocalDate(lastDay)
      ? asked
      : today;
  const earliest = earliestBookable(now);
  const dates = [];
  for (
    let date = first;
    formatLocalDate(date) <= formatLocalDate(lastDay);
    date = addDays(date, 1)
  ) {
    dates.push(date);
  }
  const perDay = dates.map((date) =>
    slotsOnDate(availability, hours, date).filter((slot) => slot.start >= earliest),
  );
  const all = perDay.flat();
  const booked =
    all.length > 0
      ? await bookedPlaces(db, serviceId, all[0]!.start, new Date(all.at(-1)!.start.getTime() + 1))
      : new Map<number, number>();
  return {
    serviceId,
    timeZone: hours.timeZone,
    slotMinutes: availability.slotMinutes,
    cutoffHours: availability.cutoffHours,
    days: dates.map((date, index) => ({
      date: formatLocalDate(date),
      weekday: WEEKDAY_LABELS[dayOfWeek(date)] ?? '',
      dayOfMonth: date.day,
      month: MONTH_LABELS[date.month - 1] ?? '',
      slots: perDay[index]!.map((slot) => ({
        startsAt: slot.start.toISOString(),
        endsAt: slot.end.toISOString(),
        time: formatClock(toLocalDateTime(slot.start, hours.timeZone)),
        capacity: availability.capacity,
        remaining: Math.max(0, availability.capacity - (booked.get(slot.start.getTime()) ?? 0)),
      })),
    })),
  };
}
