import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  type OrderMoney,
  type OrderMoneyPendingKind,
  orderMoneyLabel,
  orderMoneyState,
  type PaymentActionKind,
} from '@localmart/contract';
import type { Database } from '../../../db/client.ts';
import { orderMoneyEvents, type orders, paymentActions } from '../../../db/schema/commerce.ts';

type OrderMoneyRow = Pick<
  typeof orders.$inferSelect,
  | 'id'
  | 'currency'
  | 'totalAmount'
  | 'authorisedAmount'
  | 'capturedAmount'
  | 'releasedAmount'
  | 'refundedAmount'
>;

const PENDING_KIND: Record<PaymentActionKind, OrderMoneyPendingKind> = {
  capture: 'capture',
  void: 'release',
  refund: 'refund',
  adjust: 'refund',
};

/**
 * Each order's own money (the shopper's and the store's order pages, my-order rows, the emails):
 * its four amounts, its money timeline and the provider calls still on their way, in two queries
 * for any number of orders.
 */
export async function orderMoneyOf(
  db: Database,
  rows: readonly OrderMoneyRow[],
): Promise<Map<string, OrderMoney>> {
  const result = new Map<string, OrderMoney>();
  if (rows.length === 0) return result;
  const ids = rows.map((row) => row.id);
  const events = await db
    .select()
    .from(orderMoneyEvents)
    .where(inArray(orderMoneyEvents.orderId, ids))
    .orderBy(asc(orderMoneyEvents.at), asc(orderMoneyEvents.id));
  const pending = await db
    .select({ orderId: paymentActions.orderId, action: paymentActions.action })
    .from(paymentActions)
    .where(and(inArray(paymentActions.orderId, ids), eq(paymentActions.status, 'pending')));
  const rank = { held: 0, captured: 1, released: 2, refunded: 3 } as const;
  for (const row of rows) {
    const money = (amount: number) => ({ amount, currency: row.currency });
    const amounts = {
      currency: row.currency,
      total: row.totalAmount,
      authorised: row.authorisedAmount,
      captured: row.capturedAmount,
      released: row.releasedAmount,
      refunded: row.refundedAmount,
    };
    const held = row.authorisedAmount - row.capturedAmount - row.releasedAmount;
    const refundable = row.capturedAmount - row.refundedAmount;
    result.set(row.id, {
      state: orderMoneyState(amounts),
      label: orderMoneyLabel(amounts),
      authorised: money(row.authorisedAmount),
      captured: money(row.capturedAmount),
      released: money(row.releasedAmount),
      refunded: money(row.refundedAmount),
      // What each call still owed would move now (a refund of a capture not made yet: the total).
      pending: pending
        .filter((action) => action.orderId === row.id)
        .map((action) => ({
          kind: PENDING_KIND[action.action],
          amount: money(
            action.action === 'adjust'
              ? // What the order holds or was charged beyond its changed total (issue 15).
                Math.max(0, held + refundable - row.totalAmount)
              : action.action === 'refund'
                ? Math.max(refundable, 0) || held
                : Math.max(held, 0),
          ),
        }))
        .filter((call) => call.amount.amount > 0),
      events: events
        .filter((event) => event.orderId === row.id)
        // Movements booked in the same instant read in their natural order.
        .sort((a, b) => a.at.getTime() - b.at.getTime() || rank[a.kind] - rank[b.kind])
        .map((event) => ({
          kind: event.kind,
          amount: { amount: event.amount, currency: event.currency },
          at: event.at.toISOString(),
        })),
    });
  }
  return result;
}
