import { and, asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { ImageRef, OrderSummary } from '@localmart/contract';
import type { Database } from '../../../db/client.ts';
import { businesses } from '../../../db/schema/catalog.ts';
import { orderItems, orders, payments } from '../../../db/schema/commerce.ts';
import { orderMoneyOf } from './order-money.ts';
import { orderAppointments } from '../../appointments/booking.service.ts';

/** How many item images a my-order row shows. */
const PREVIEW_IMAGES = 4;

/** An order row with the store fields a summary shows. */
export const orderWithStoreColumns = {
  ...getTableColumns(orders),
  store: {
    id: businesses.id,
    name: businesses.name,
    logo: businesses.logo,
    addressLine: businesses.addressLine,
    phone: businesses.phone,
    lat: businesses.lat,
    lng: businesses.lng,
  },
};

export type OrderWithStore = typeof orders.$inferSelect & {
  store: {
    id: string;
    name: string;
    logo: ImageRef;
    addressLine: string;
    phone: string;
    lat: number;
    lng: number;
  };
};

/** Orders joined to their stores; callers add the where, order and limit. */
export function selectOrdersWithStore(db: Database) {
  return db
    .select(orderWithStoreColumns)
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId));
}

/** The my-order rows of these orders, in the order given (one query for all their items). */
export async function toOrderSummaries(
  db: Database,
  rows: readonly OrderWithStore[],
): Promise<OrderSummary[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select({ orderId: orderItems.orderId, quantity: orderItems.quantity, image: orderItems.image })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItems.orderId), asc(orderItems.title));
  const money = await orderMoneyOf(db, rows);
  const paymentIds = [...new Set(rows.flatMap((row) => (row.paymentId ? [row.paymentId] : [])))];
  const open = paymentIds.length
    ? await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(inArray(payments.id, paymentIds), eq(payments.status, 'created')))
    : [];
  const payable = new Set(open.map((row) => row.id));
  const booked = await orderAppointments(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const own = items.filter((item) => item.orderId === row.id);
    const appointment = booked.get(row.id)?.[0];
    return {
      id: row.id,
      number: row.number,
      checkoutId: row.checkoutId,
      status: row.status,
      fulfilment: row.fulfilment,
      store: row.store,
      itemCount: own.reduce((sum, item) => sum + item.quantity, 0),
      previewImages: own
        .flatMap((item) => (item.image ? [item.image] : []))
        .slice(0, PREVIEW_IMAGES),
      total: { amount: row.totalAmount, currency: row.currency },
      money: money.get(row.id)!,
      // Until the payment expiry releases it, an unpaid order can be paid from wherever it shows.
      canPay:
        row.status === 'awaiting_payment' && row.paymentId !== null && payable.has(row.paymentId),
      appointmentLabel: appointment ? `${appointment.title}, ${appointment.label}` : null,
      createdAt: row.createdAt.toISOString(),
      placedAt: row.placedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}
