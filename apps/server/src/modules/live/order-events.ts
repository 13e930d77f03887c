import type { OrderStatus } from '@localmart/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { businesses } from '../../db/schema/catalog.ts';
import { orderItems, orders } from '../../db/schema/commerce.ts';
import { publishLive, storeAudience, userAudience } from './publish-live.ts';

/** Statuses a store does not see its orders in (store-orders.service.ts: from placement on). */
const HIDDEN_FROM_STORE: ReadonlySet<OrderStatus> = new Set(['awaiting_payment', 'payment_failed']);

export interface OrderMove {
  orderId: string;
  from: OrderStatus;
  to: OrderStatus;
}

/**
 * The live events of one order move (issue 14), published in the move's transaction
 * (transitionOrder calls it after writing the new status): `order.placed` to the store when the
 * order reaches it, `order.updated` for every later move the store sees, and `order.status` to the
 * shopper for every move (none goes back to awaiting_payment).
 */
export async function publishOrderEvents(tx: Database, move: OrderMove): Promise<void> {
  const [order] = await tx
    .select({
      businessId: orders.businessId,
      userId: orders.userId,
      number: orders.number,
      status: orders.status,
      totalAmount: orders.totalAmount,
      currency: orders.currency,
      responseDueAt: orders.responseDueAt,
      storeName: businesses.name,
      itemCount: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(eq(orders.id, move.orderId));
  if (!order) return;
  const ref = { orderId: move.orderId, number: order.number, status: move.to };
  if (move.to === 'placed') {
    await publishLive(tx, storeAudience(order.businessId), {
      kind: 'order.placed',
      businessId: order.businessId,
      ...ref,
      itemCount: Number(order.itemCount),
      totalAmount: order.totalAmount,
      currency: order.currency,
      responseDueAt: order.responseDueAt?.toISOString() ?? null,
    });
  } else if (!HIDDEN_FROM_STORE.has(move.from) && !HIDDEN_FROM_STORE.has(move.to)) {
    await publishLive(tx, storeAudience(order.businessId), {
      kind: 'order.updated',
      businessId: order.businessId,
      ...ref,
    });
  }
  if (move.to !== 'awaiting_payment') {
    await publishLive(tx, userAudience(order.userId), {
      kind: 'order.status',
      ...ref,
      storeName: order.storeName,
    });
  }
}
