import type { OrderChanges } from '@localmart/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { orderItems, type orders } from '../../../db/schema/commerce.ts';
import { orderSubstitutions } from '../../../db/schema/fulfilment.ts';

type OrderItemRow = typeof orderItems.$inferSelect;

/** Units of a line the store hands over. */
export function handedOver(item: Pick<OrderItemRow, 'quantity' | 'removedQuantity'>): number {
  return item.quantity - item.removedQuantity;
}

/** The money of the units handed over (the line's unit price times them, options included). */
export function handedAmount(
  item: Pick<OrderItemRow, 'quantity' | 'removedQuantity' | 'unitAmount' | 'lineAmount'>,
): number {
  if (item.removedQuantity === 0) return item.lineAmount;
  // lineAmount is unitAmount x quantity; a line priced otherwise keeps its proportion.
  return item.lineAmount === item.unitAmount * item.quantity
    ? item.unitAmount * handedOver(item)
    : Math.floor((item.lineAmount * handedOver(item)) / item.quantity);
}

/**
 * What the store changed on an order (issue 15), for the shopper's and the store's order pages and
 * the emails: lines handed over in part or not at all, substitutes proposed and answered, the total
 * as placed, and each line's substitution preference.
 */
export async function orderChangesOf(
  db: Database,
  order: Pick<typeof orders.$inferSelect, 'id' | 'currency' | 'authorisedAmount' | 'totalAmount'>,
): Promise<OrderChanges> {
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.title), asc(orderItems.id));
  const subs = await db
    .select()
    .from(orderSubstitutions)
    .where(eq(orderSubstitutions.orderId, order.id))
    .orderBy(asc(orderSubstitutions.proposedAt), asc(orderSubstitutions.id));
  const byId = new Map(items.map((item) => [item.id, item]));
  const money = (amount: number) => ({ amount, currency: order.currency });
  const originals = items.filter((item) => item.substituteForItemId === null);
  return {
    lines: originals
      .filter((item) => item.removedQuantity > 0)
      .map((item) => ({
        itemId: item.id,
        title: item.title,
        ordered: item.quantity,
        handedOver: handedOver(item),
        substitution: item.substitution,
      })),
    substitutions: subs.map((sub) => ({
      id: sub.id,
      itemId: sub.orderItemId,
      forTitle: byId.get(sub.orderItemId)?.title ?? '',
      title: sub.title,
      image: sub.image ?? null,
      quantity: sub.quantity,
      unitPrice: money(sub.unitAmount),
      lineTotal: money(sub.lineAmount),
      status: sub.status,
      decidedBy: sub.decidedBy ?? null,
      expiresAt: sub.expiresAt.toISOString(),
      preference: byId.get(sub.orderItemId)?.substitution ?? 'best_match',
    })),
    // What the order came to when placed: its share of the card hold, or (unpaid) its lines.
    originalTotal: money(
      order.authorisedAmount > 0
        ? order.authorisedAmount
        : originals.reduce((sum, item) => sum + item.lineAmount, 0),
    ),
    preferences: originals.map((item) => ({ itemId: item.id, substitution: item.substitution })),
  };
}
