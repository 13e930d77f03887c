import type { StoreAppointment } from '@localmart/contract';
import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appointments, businesses, orders, users } from '../../db/schema/index.ts';
import { appointmentView } from './booking.service.ts';

/** How far back the store's list starts: today's earlier appointments stay visible. */
const LOOK_BACK_MS = 12 * 3_600_000;

/** The store's appointments still holding places, from this morning on, earliest first. */
export async function storeAppointments(
  db: Database,
  businessId: string,
  now: Date,
): Promise<StoreAppointment[]> {
  const rows = await db
    .select({
      appointment: appointments,
      timeZone: sql<string>`${businesses.hours}->>'timeZone'`,
      orderNumber: orders.number,
      orderStatus: orders.status,
      customerName: users.displayName,
    })
    .from(appointments)
    .innerJoin(businesses, eq(businesses.id, appointments.businessId))
    .innerJoin(orders, eq(orders.id, appointments.orderId))
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(
      and(
        eq(appointments.businessId, businessId),
        isNull(appointments.releasedAt),
        gte(appointments.startsAt, new Date(now.getTime() - LOOK_BACK_MS)),
        sql`${orders.status} <> 'awaiting_payment'`,
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .limit(200);
  return rows.map((row) => ({
    ...appointmentView(row.appointment, row.timeZone),
    orderId: row.appointment.orderId,
    orderNumber: row.orderNumber,
    orderStatus: row.orderStatus,
    customerName: row.customerName,
  }));
}
