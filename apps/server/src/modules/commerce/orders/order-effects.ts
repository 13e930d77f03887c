import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderStatus } from '@localmart/contract';
import type { Database } from '../../../db/client.ts';
import { users } from '../../../db/schema/accounts.ts';
import { businesses } from '../../../db/schema/catalog.ts';
import { orderItems, orders, payments } from '../../../db/schema/commerce.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Brand } from '../../mail/templates.ts';
import type { PaymentProvider } from '../../payments/payment-provider.ts';
import { orderStatusEmail } from './order-emails.ts';
import type { OrderTransition } from './order-transitions.ts';

export interface OrderEffectsDeps {
  db: Database;
  payments: PaymentProvider;
  mailer: Mailer;
  brand: Brand;
  log: FastifyBaseLogger;
}

/** Orders in these statuses still count on their payment (a hold must not be released under them). */
const HOLDING_STATUSES: OrderStatus[] = [
  'awaiting_payment',
  'placed',
  'accepted',
  'ready_for_pickup',
  'out_for_delivery',
];

async function othersHolding(db: Database, paymentId: string, orderId: string): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentId, paymentId), inArray(orders.status, HOLDING_STATUSES)));
  return rows.some((row) => row.id !== orderId);
}

async function settlePayment(deps: OrderEffectsDeps, change: OrderTransition): Promise<void> {
  const { payment, paymentAction } = change;
  if (!payment || !paymentAction) return;
  if (!payment.providerRef) {
    deps.log.error({ paymentId: payment.id }, `payment ${paymentAction} skipped: no provider ref`);
    return;
  }
  const amount = { amount: change.totalAmount, currency: change.currency };
  const ref = { txnid: payment.txnid, providerRef: payment.providerRef, amount };
  const { db } = deps;
  if (paymentAction === 'void') {
    // One hold covers every reserve order of a checkout: released only when none still needs it.
    if (await othersHolding(db, payment.id, change.orderId)) return;
    const result = await deps.payments.void({
      ...ref,
      amount: { amount: payment.amount, currency: payment.currency },
    });
    if (!result.ok) throw new Error(result.message);
    await db
      .update(payments)
      .set({ status: 'voided', updatedAt: sql`now()` })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'authorised')));
  } else if (paymentAction === 'refund') {
    const result = await deps.payments.refund({
      ...ref,
      refundId: `${change.orderId}-${change.to}`,
    });
    if (!result.ok) throw new Error(result.message);
    await db
      .update(payments)
      .set({
        refundedAmount: sql`${payments.refundedAmount} + ${amount.amount}`,
        status: sql`case when ${payments.refundedAmount} + ${amount.amount} >= ${payments.capturedAmount} then 'refunded' else ${payments.status} end`,
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, payment.id));
  } else {
    const result = await deps.payments.capture(ref);
    if (!result.ok) throw new Error(result.message);
    const stillHeld = await othersHolding(db, payment.id, change.orderId);
    await db
      .update(payments)
      .set({
        capturedAmount: sql`${payments.capturedAmount} + ${amount.amount}`,
        ...(stillHeld ? {} : { status: 'captured' as const }),
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, payment.id));
  }
}

async function mailShopper(deps: OrderEffectsDeps, change: OrderTransition): Promise<void> {
  const [order] = await deps.db
    .select({
      id: orders.id,
      number: orders.number,
      currency: orders.currency,
      totalAmount: orders.totalAmount,
      storeName: businesses.name,
      email: users.email,
      readyBy: orders.readyBy,
      hours: businesses.hours,
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, change.orderId));
  if (!order) return;
  const items = await deps.db
    .select({
      title: orderItems.title,
      quantity: orderItems.quantity,
      lineAmount: orderItems.lineAmount,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.title));
  await deps.mailer.send(
    orderStatusEmail(deps.brand, order.email, {
      ...order,
      status: change.to,
      items,
      timeZone: order.hours.timeZone,
    }),
  );
}

/**
 * What follows a committed status change: the provider releases, refunds or captures, and the
 * shopper gets an email. Run after the transaction commits; a provider or mail failure is logged and
 * leaves the payment row as it was (still `authorised` / `captured`), so it shows up for support and
 * can be retried, while the order's new status stands.
 */
export async function applyOrderEffects(
  deps: OrderEffectsDeps,
  changes: readonly OrderTransition[],
): Promise<void> {
  for (const change of changes) {
    try {
      await settlePayment(deps, change);
    } catch (error) {
      deps.log.error(
        { err: error, orderId: change.orderId, action: change.paymentAction },
        'payment provider call after an order status change failed',
      );
    }
    try {
      await mailShopper(deps, change);
    } catch (error) {
      deps.log.error({ err: error, orderId: change.orderId }, 'order status email failed');
    }
  }
}
