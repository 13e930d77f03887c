import {
  type AppointmentView,
  appointmentLabel,
  appointmentMessages as m,
  changeableUntil,
  type OrderStatus,
  offeredSlotAt,
  type SlotTime,
} from '@localmart/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  appointments,
  appointmentSlots,
  businesses,
  cartAppointments,
  orders,
} from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';
import {
  type BookableService,
  bookableServices,
  earliestBookable,
} from './availability.service.ts';

/**
 * Booking a service's time (issue 15). The shopper picks a time when adding the service to the cart
 * (`pickCartAppointment`); placing the order books it (`bookAppointments`) in the order's own
 * transaction with a conditional increment of the slot's counter, so a slot is never oversold (the
 * same guarantee as stock: ADR 0007); an order that ends gives its places back (`releaseAppointments`,
 * called where stock is released).
 */

/** Why `start` cannot be booked for `places` now, or null when it can (places left is advisory). */
export async function slotProblem(
  db: Database,
  service: BookableService,
  start: Date,
  places: number,
  now: Date,
): Promise<{ slot: SlotTime | null; problem: string | null }> {
  const slot = offeredSlotAt(service.availability, service.hours, start);
  if (!slot) return { slot: null, problem: m.slotNotOffered };
  if (slot.start < earliestBookable(now)) return { slot, problem: m.slotTooSoon };
  const [row] = await db
    .select({ booked: appointmentSlots.booked })
    .from(appointmentSlots)
    .where(and(eq(appointmentSlots.serviceId, service.id), eq(appointmentSlots.startsAt, start)));
  const left = service.availability.capacity - (row?.booked ?? 0);
  if (left <= 0) return { slot, problem: m.slotFullyBooked };
  if (left < places) return { slot, problem: m.slotPlacesLeft(left) };
  return { slot, problem: null };
}

/** Checks a time the shopper picked for a service before it goes into the cart. */
export async function checkPickedTime(
  db: Database,
  serviceId: string,
  startsAt: string | undefined,
  places: number,
  now: Date,
): Promise<Date> {
  if (!startsAt) throw new HttpError(400, m.pickATime);
  const service = (await bookableServices(db, [serviceId])).get(serviceId);
  if (!service) throw new HttpError(404, m.serviceNotFound);
  const start = new Date(startsAt);
  const { problem } = await slotProblem(db, service, start, places, now);
  if (problem) throw new HttpError(problem === m.slotNotOffered ? 400 : 409, problem);
  return start;
}

/** The cart line's time: a line is one service at one time (its options key says so). */
export function appointmentOptionsKey(start: Date): string {
  return `at:${start.toISOString()}`;
}

export async function pickCartAppointment(
  db: Database,
  cartItemId: string,
  start: Date,
): Promise<void> {
  await db
    .insert(cartAppointments)
    .values({ cartItemId, startsAt: start })
    .onConflictDoUpdate({ target: cartAppointments.cartItemId, set: { startsAt: start } });
}

/** A cart line's appointment as the cart shows it, and what stops it being booked now. */
export interface CartAppointment {
  view: AppointmentView;
  problem: string | null;
}

/** The picked times of these cart service lines (line id -> time and problem). */
export async function cartAppointmentsOf(
  db: Database,
  lines: readonly { id: string; serviceId: string | null; quantity: number; title: string }[],
  now: Date,
): Promise<Map<string, CartAppointment>> {
  const serviceLines = lines.filter((line) => line.serviceId);
  if (serviceLines.length === 0) return new Map();
  const picked = await db
    .select()
    .from(cartAppointments)
    .where(
      inArray(
        cartAppointments.cartItemId,
        serviceLines.map((line) => line.id),
      ),
    );
  const startOf = new Map(picked.map((row) => [row.cartItemId, row.startsAt]));
  const services = await bookableServices(
    db,
    serviceLines.map((line) => line.serviceId!),
  );
  const found = new Map<string, CartAppointment>();
  for (const line of serviceLines) {
    const service = services.get(line.serviceId!);
    const start = startOf.get(line.id);
    if (!service || !start) continue;
    const { slot, problem } = await slotProblem(db, service, start, line.quantity, now);
    const end = slot?.end ?? new Date(start.getTime() + service.availability.slotMinutes * 60_000);
    found.set(line.id, {
      view: {
        id: null,
        serviceId: service.id,
        title: line.title,
        startsAt: start.toISOString(),
        endsAt: end.toISOString(),
        timeZone: service.hours.timeZone,
        label: appointmentLabel(start, end, service.hours.timeZone),
        places: line.quantity,
        changeableUntil: null,
        released: false,
      },
      problem,
    });
  }
  return found;
}

/** A service line of an order being placed, with the cart line it came from. */
export interface OrderServiceLine {
  orderId: string;
  orderItemId: string;
  cartLineId: string;
  serviceId: string;
  userId: string;
  businessId: string;
  quantity: number;
  title: string;
}

/**
 * Books the service lines of the orders a checkout places, inside its transaction. Each slot's
 * counter row is made if missing, then taken by ONE conditional UPDATE (booked + n <= capacity);
 * no row back = fully booked = 409 and the whole checkout rolls back. Slots are taken in one
 * global order (service, start) so two checkouts never deadlock.
 */
export async function bookAppointments(
  tx: Database,
  lines: readonly OrderServiceLine[],
  now: Date,
): Promise<void> {
  if (lines.length === 0) return;
  const picked = await tx
    .select()
    .from(cartAppointments)
    .where(
      inArray(
        cartAppointments.cartItemId,
        lines.map((line) => line.cartLineId),
      ),
    );
  const startOf = new Map(picked.map((row) => [row.cartItemId, row.startsAt]));
  const services = await bookableServices(
    tx,
    lines.map((line) => line.serviceId),
  );
  const planned = lines.map((line) => {
    const start = startOf.get(line.cartLineId);
    const service = services.get(line.serviceId);
    if (!start || !service) throw new HttpError(409, `${line.title}: ${m.pickATime}`);
    const slot = offeredSlotAt(service.availability, service.hours, start);
    if (!slot) throw new HttpError(409, `${line.title}: ${m.slotNotOffered}`);
    if (slot.start < earliestBookable(now))
      throw new HttpError(409, `${line.title}: ${m.slotTooSoon}`);
    return { line, service, slot };
  });
  planned.sort(
    (a, b) =>
      a.service.id.localeCompare(b.service.id) || a.slot.start.getTime() - b.slot.start.getTime(),
  );
  const earliest = new Map<string, Date>();
  for (const { line, service, slot } of planned) {
    await takePlaces(tx, service, slot.start, line.quantity, line.title);
    await tx.insert(appointments).values({
      orderId: line.orderId,
      orderItemId: line.orderItemId,
      businessId: line.businessId,
      serviceId: service.id,
      userId: line.userId,
      title: line.title,
      startsAt: slot.start,
      endsAt: slot.end,
      places: line.quantity,
      cutoffHours: service.availability.cutoffHours,
      createdAt: now,
      updatedAt: now,
    });
    const known = earliest.get(line.orderId);
    if (!known || slot.start < known) earliest.set(line.orderId, slot.start);
  }
  // The order is "ready" at its appointment: the store's no-show rule counts from there.
  for (const [orderId, start] of earliest) {
    await tx.update(orders).set({ readyBy: start }).where(eq(orders.id, orderId));
  }
}

/** Takes `places` of one slot or refuses: the capacity guarantee. */
async function takePlaces(
  tx: Database,
  service: BookableService,
  start: Date,
  places: number,
  title: string,
): Promise<void> {
  await tx
    .insert(appointmentSlots)
    .values({ serviceId: service.id, startsAt: start, booked: 0 })
    .onConflictDoNothing();
  const taken = await tx
    .update(appointmentSlots)
    .set({ booked: sql`${appointmentSlots.booked} + ${places}` })
    .where(
      and(
        eq(appointmentSlots.serviceId, service.id),
        eq(appointmentSlots.startsAt, start),
        sql`${appointmentSlots.booked} + ${places} <= ${service.availability.capacity}`,
      ),
    )
    .returning({ booked: appointmentSlots.booked });
  if (taken.length > 0) return;
  const [row] = await tx
    .select({ booked: appointmentSlots.booked })
    .from(appointmentSlots)
    .where(and(eq(appointmentSlots.serviceId, service.id), eq(appointmentSlots.startsAt, start)));
  const left = service.availability.capacity - (row?.booked ?? 0);
  throw new HttpError(409, `${title}: ${left <= 0 ? m.slotFullyBooked : m.slotPlacesLeft(left)}`);
}

/** Gives an ended order's places back (once: `released_at` is set in the same statement). */
export async function releaseAppointments(db: Database, orderId: string): Promise<void> {
  const released = await db
    .update(appointments)
    .set({ releasedAt: sql`now()` })
    .where(and(eq(appointments.orderId, orderId), isNull(appointments.releasedAt)))
    .returning({
      serviceId: appointments.serviceId,
      startsAt: appointments.startsAt,
      places: appointments.places,
    });
  for (const row of released) {
    if (!row.serviceId) continue;
    await db
      .update(appointmentSlots)
      .set({ booked: sql`greatest(${appointmentSlots.booked} - ${row.places}, 0)` })
      .where(
        and(
          eq(appointmentSlots.serviceId, row.serviceId),
          eq(appointmentSlots.startsAt, row.startsAt),
        ),
      );
  }
}

type AppointmentRow = typeof appointments.$inferSelect;

export function appointmentView(row: AppointmentRow, timeZone: string): AppointmentView {
  return {
    id: row.id,
    serviceId: row.serviceId,
    title: row.title,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timeZone,
    label: appointmentLabel(row.startsAt, row.endsAt, timeZone),
    places: row.places,
    changeableUntil: changeableUntil(row.startsAt, row.cutoffHours).toISOString(),
    released: row.releasedAt !== null,
  };
}

/** The appointments of these orders, earliest first (order id -> views). */
export async function orderAppointments(
  db: Database,
  orderIds: readonly string[],
): Promise<Map<string, AppointmentView[]>> {
  const found = new Map<string, AppointmentView[]>();
  if (orderIds.length === 0) return found;
  const rows = await db
    .select({ appointment: appointments, timeZone: sql<string>`${businesses.hours}->>'timeZone'` })
    .from(appointments)
    .innerJoin(businesses, eq(businesses.id, appointments.businessId))
    .where(inArray(appointments.orderId, [...orderIds]))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
  for (const row of rows) {
    const list = found.get(row.appointment.orderId) ?? [];
    list.push(appointmentView(row.appointment, row.timeZone));
    found.set(row.appointment.orderId, list);
  }
  return found;
}

/** Statuses in which an appointment can still be moved by the shopper. */
const RESCHEDULABLE: ReadonlySet<OrderStatus> = new Set(['placed', 'accepted']);

/**
 * Refuses a shopper's change (cancel) of an order whose appointment is past its cut-off. Orders
 * without an appointment pass.
 */
export async function assertBeforeCutoff(db: Database, orderId: string, now: Date): Promise<void> {
  const rows = await db
    .select({ startsAt: appointments.startsAt, cutoffHours: appointments.cutoffHours })
    .from(appointments)
    .where(and(eq(appointments.orderId, orderId), isNull(appointments.releasedAt)));
  for (const row of rows) {
    if (now >= changeableUntil(row.startsAt, row.cutoffHours)) {
      throw new HttpError(409, m.pastCutoff(row.cutoffHours));
    }
  }
}

/**
 * The shopper moves their appointment to another time, up to the cut-off: the new slot is taken
 * (conditional increment, as at booking) and the old one given back, in one transaction under the
 * order's row lock. The calendar sequence goes up so a calendar replaces the old time.
 */
export async function rescheduleAppointment(
  db: Database,
  input: { userId: string; orderId: string; startsAt: string; now: Date },
): Promise<{
  before: AppointmentView;
  after: AppointmentView;
  businessId: string;
  sequence: number;
}> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, businessId: orders.businessId })
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)))
      .for('update');
    if (!order) throw new HttpError(404, m.appointmentNotFound);
    const [current] = await tx
      .select()
      .from(appointments)
      .where(and(eq(appointments.orderId, order.id), isNull(appointments.releasedAt)))
      .orderBy(asc(appointments.startsAt))
      .limit(1);
    if (!current || !current.serviceId) throw new HttpError(404, m.appointmentNotFound);
    if (!RESCHEDULABLE.has(order.status)) throw new HttpError(409, m.notChangeable);
    if (input.now >= changeableUntil(current.startsAt, current.cutoffHours)) {
      throw new HttpError(409, m.pastCutoff(current.cutoffHours));
    }
    const service = (await bookableServices(tx, [current.serviceId])).get(current.serviceId);
    if (!service) throw new HttpError(404, m.serviceNotFound);
    const start = new Date(input.startsAt);
    if (start.getTime() === current.startsAt.getTime()) throw new HttpError(409, m.sameTime);
    const slot = offeredSlotAt(service.availability, service.hours, start);
    if (!slot) throw new HttpError(400, m.slotNotOffered);
    if (slot.start < earliestBookable(input.now)) throw new HttpError(409, m.slotTooSoon);
    await takePlaces(tx, service, slot.start, current.places, current.title);
    await tx
      .update(appointmentSlots)
      .set({ booked: sql`greatest(${appointmentSlots.booked} - ${current.places}, 0)` })
      .where(
        and(
          eq(appointmentSlots.serviceId, service.id),
          eq(appointmentSlots.startsAt, current.startsAt),
        ),
      );
    const [moved] = await tx
      .update(appointments)
      .set({
        startsAt: slot.start,
        endsAt: slot.end,
        sequence: current.sequence + 1,
        updatedAt: input.now,
      })
      .where(eq(appointments.id, current.id))
      .returning();
    await tx
      .update(orders)
      .set({ readyBy: slot.start, updatedAt: input.now })
      .where(eq(orders.id, order.id));
    const zone = service.hours.timeZone;
    return {
      before: appointmentView(current, zone),
      after: appointmentView(moved!, zone),
      businessId: order.businessId,
      sequence: moved!.sequence,
    };
  });
}
