import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { commerceMessages as m, type OrderActor } from '@localmart/contract';
import type { Database } from '../../../db/client.ts';
import { orders, payments } from '../../../db/schema/commerce.ts';
import { transitionOrder } from '../orders/order-transitions.ts';

/**
 * A shopper's unpaid checkouts (issue 12): placed, stock held, payment not started at the bank.
 * One shopper's unpaid checkouts never hold the same stock twice: placing a new one releases the
 * older ones first (in the same transaction), and a shopper with payments still waiting for their
 * bank may not pile up more.
 */

/** How many payments may wait for the bank's word at once before a new checkout is refused. */
export const MAX_PENDING_PAYMENTS_PER_SHOPPER = 2;

/** The shopper's checkouts with an order still awaiting a payment nobody has started. */
async function unpaidCheckoutIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ checkoutId: orders.checkoutId, createdAt: orders.createdAt })
    .from(orders)
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'awaiting_payment'),
        eq(payments.status, 'created'),
      ),
    )
    .orderBy(desc(orders.createdAt));
  return [...new Set(rows.map((row) => row.checkoutId))];
}

/** The newest unpaid checkout, for /payumoney's "resume or release". */
export async function newestUnpaidCheckout(db: Database, userId: string): Promise<string | null> {
  return (await unpaidCheckoutIds(db, userId))[0] ?? null;
}

/**
 * Lets an unpaid checkout go, under its payment locks: its open payment is closed (a late success
 * on it is given back by the payment return) and every order still awaiting payment is cancelled,
 * which puts its stock back. Refused (false) once the bank has the payment (pending or settled).
 */
export async function releaseUnpaidCheckout(
  tx: Database,
  checkoutId: string,
  context: { now: Date; actor: OrderActor; note: string },
): Promise<boolean> {
  const locked = await tx
    .select()
    .from(payments)
    .where(eq(payments.checkoutId, checkoutId))
    .orderBy(asc(payments.id))
    .for('update');
  const open = locked.filter((row) => row.status === 'created');
  if (open.length === 0 || locked.some((row) => row.status === 'pending')) return false;
  await tx
    .update(payments)
    .set({
      status: 'failed',
      lastResponse: sql`coalesce(${payments.lastResponse}, '{}'::jsonb) || ${JSON.stringify({ localmart_released: context.actor })}::jsonb`,
      updatedAt: context.now,
    })
    .where(
      inArray(
        payments.id,
        open.map((row) => row.id),
      ),
    );
  const waiting = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, 'awaiting_payment')))
    .orderBy(asc(orders.id))
    // Locked and re-checked: an order the shopper cancelled meanwhile is simply left out.
    .for('update');
  for (const order of waiting) {
    await transitionOrder(tx, {
      orderId: order.id,
      to: 'cancelled',
      actor: context.actor,
      now: context.now,
      note: context.note,
    });
  }
  return true;
}

/** Placing a checkout first releases the shopper's older unpaid ones (their stock comes back). */
export async function releaseOlderUnpaid(tx: Database, userId: string, now: Date): Promise<void> {
  for (const checkoutId of await unpaidCheckoutIds(tx, userId)) {
    await releaseUnpaidCheckout(tx, checkoutId, { now, actor: 'system', note: m.checkoutReplaced });
  }
}

/** Payments of the shopper the bank has not decided yet (each still holds its checkout's stock). */
export async function pendingPaymentCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'pending')));
  return Number(row?.count ?? 0);
}
