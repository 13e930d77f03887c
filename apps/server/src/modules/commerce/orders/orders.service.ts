import { and, desc, eq, inArray, lt, or } from 'drizzle-orm';
import {
  addressLine,
  canTransition,
  commerceMessages as m,
  isPickup,
  type OrderDetail,
  type OrderStatus,
  ORDER_STATUS_FILTERS,
  type OrderStatusFilter,
  type OrderSummary,
  readyByLabel,
} from '@localmart/contract';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { businesses } from '../../../db/schema/catalog.ts';
import { orders } from '../../../db/schema/commerce.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { cursorInstantSchema, decodeCursor, pageOf } from '../../catalog/shared/cursor.ts';
import { orderParts } from './order-parts.ts';
import { orderAppointments } from '../../appointments/booking.service.ts';
import { selectOrdersWithStore, toOrderSummaries } from './order-summary.ts';
import { orderChangesOf } from '../fulfilment/order-changes-view.ts';

/** While the order can still be collected, the pickup code is shown (and scanned as a QR). */
const COLLECTABLE: ReadonlySet<OrderStatus> = new Set(['placed', 'accepted', 'ready_for_pickup']);
/** While the store has yet to get the order ready, the page says when it will be. */
const PREPARING: ReadonlySet<OrderStatus> = new Set(['awaiting_payment', 'placed', 'accepted']);

const cursorShape = z.tuple([cursorInstantSchema, z.uuid()]);

/** my-order: the shopper's orders, newest first, keyset-paged on (createdAt, id). */
export async function listOrders(
  db: Database,
  userId: string,
  query: { status?: OrderStatusFilter | undefined; cursor?: string | undefined; limit: number },
): Promise<{ results: OrderSummary[]; nextCursor: string | null }> {
  const conditions = [eq(orders.userId, userId)];
  if (query.status)
    conditions.push(inArray(orders.status, [...ORDER_STATUS_FILTERS[query.status]]));
  if (query.cursor) {
    const [at, id] = decodeCursor(query.cursor, cursorShape);
    const createdAt = new Date(at);
    conditions.push(
      or(lt(orders.createdAt, createdAt), and(eq(orders.createdAt, createdAt), lt(orders.id, id)))!,
    );
  }
  const rows = await selectOrdersWithStore(db)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit + 1);
  const page = pageOf(
    rows,
    query.limit,
    (row) => [row.createdAt.toISOString(), row.id],
    (row) => row,
  );
  return { results: await toOrderSummaries(db, page.results), nextCursor: page.nextCursor };
}

/** The delivery address snapshot taken at checkout, as the shopper's and the store's order pages show it. */
export function deliveryAddressOf(
  snapshot: Record<string, unknown> | null,
): OrderDetail['deliveryAddress'] {
  if (!snapshot) return null;
  const text = (key: string) =>
    typeof snapshot[key] === 'string' ? (snapshot[key] as string) : '';
  return {
    name: text('name'),
    phone: text('phone'),
    line: addressLine({
      label: text('label'),
      name: text('name'),
      phone: text('phone'),
      line1: text('line1'),
      line2: text('line2') || null,
      city: text('city'),
      region: text('region'),
      postalCode: text('postalCode'),
      country: text('country'),
      instructions: text('instructions'),
      isDefault: false,
    }),
    instructions: text('instructions'),
  };
}

/**
 * order-details: one of the shopper's own orders, whole (another's is "not found"). `now` words the
 * ready time ('Ready by 15:45', 'Ready tomorrow from 12:00') on the store's clock.
 */
export async function orderDetail(
  db: Database,
  userId: string,
  orderId: string,
  now: Date,
): Promise<OrderDetail> {
  const [row] = await selectOrdersWithStore(db).where(
    and(eq(orders.id, orderId), eq(orders.userId, userId)),
  );
  if (!row) throw new HttpError(404, m.orderNotFound);
  const [summary] = await toOrderSummaries(db, [row]);
  const { items, timeline } = await orderParts(db, row);
  const [store] = await db
    .select({ hours: businesses.hours })
    .from(businesses)
    .where(eq(businesses.id, row.businessId));
  const money = (amount: number) => ({ amount, currency: row.currency });
  // A service booking speaks of its appointment, not of a pickup time (issue 15).
  const appointments = (await orderAppointments(db, [row.id])).get(row.id) ?? [];
  const beforeCutoff = appointments.every(
    (view) => view.changeableUntil === null || now.getTime() < Date.parse(view.changeableUntil),
  );
  const pickup = isPickup(row.fulfilment) && appointments.length === 0;
  return {
    ...summary!,
    items: items.map((item) => ({
      id: item.id,
      kind: item.kind,
      productId: item.productId,
      title: item.title,
      subtitle: item.subtitle,
      image: item.image,
      options: item.options,
      note: item.note,
      quantity: item.quantity,
      unitPrice: money(item.unitAmount),
      regularUnitPrice: money(item.regularUnitAmount),
      lineTotal: money(item.lineAmount),
      priceMatched: item.priceMatchId !== null,
    })),
    subtotal: money(row.subtotalAmount),
    discount: money(row.discountAmount),
    couponCode: row.couponCode,
    deliveryFee: money(row.deliveryFeeAmount),
    taxRateBps: row.taxRateBps,
    tax: money(row.taxAmount),
    deliveryAddress: deliveryAddressOf(row.deliveryAddress),
    deliveryDistanceKm: row.deliveryDistanceKm,
    pickupPromise:
      pickup && row.readyBy && store && PREPARING.has(row.status)
        ? readyByLabel(row.readyBy, now, store.hours.timeZone)
        : null,
    pickupCode:
      (pickup || appointments.length > 0) && COLLECTABLE.has(row.status) ? row.pickupCode : null,
    readyBy: row.readyBy?.toISOString() ?? null,
    note: row.note,
    declineReason: row.declineReason,
    cancelReason: row.cancelReason,
    responseDueAt: row.responseDueAt?.toISOString() ?? null,
    timeline,
    canCancel:
      canTransition(row.status, 'cancelled', 'shopper', row.fulfilment, {
        appointment: appointments.some((booked) => !booked.released),
      }) && beforeCutoff,
    changes: await orderChangesOf(db, row),
    appointments,
  };
}
