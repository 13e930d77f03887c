import { type OrderEvent, ORDER_STATUSES } from '@localmart/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { orderEvents, orderItems } from '../../../db/schema/commerce.ts';

type OrderItemRow = typeof orderItems.$inferSelect;

export interface OrderParts {
  /** The order's lines in title order; each page shows its own view of a line. */
  items: OrderItemRow[];
  timeline: OrderEvent[];
}

/**
 * What the shopper's and the store's order pages both read beside the order row: its lines, its
 * timeline (its money comes with the summary: order-money.ts). The store's page names the member
 * who made each move (`actorNames`); the shopper's says "by the store".
 */
export async function orderParts(
  db: Database,
  order: { id: string },
  options: { actorNames?: boolean } = {},
): Promise<OrderParts> {
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.title), asc(orderItems.id));
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.at));
  // Moves made in the same instant (a test clock, one transaction) read in lifecycle order.
  events.sort(
    (a, b) =>
      a.at.getTime() - b.at.getTime() ||
      ORDER_STATUSES.indexOf(a.status) - ORDER_STATUSES.indexOf(b.status),
  );
  return {
    items,
    timeline: events.map((event) => ({
      status: event.status,
      actor: event.actor,
      actorName: options.actorNames && event.actor === 'store' ? event.actorName : null,
      note: event.note,
      at: event.at.toISOString(),
    })),
  };
}
