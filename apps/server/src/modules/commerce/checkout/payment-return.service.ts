import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { commerceMessages as m, parseMoney, type PaymentStatus } from '@localmart/contract';
import type { Database } from '../../../db/client.ts';
import { cartItems, orderItems, orders, payments } from '../../../db/schema/commerce.ts';
import { type OrderEffectsDeps, applyOrderEffects } from '../orders/order-effects.ts';
import { type OrderTransition, transitionOrder } from '../orders/order-transitions.ts';
import { checkoutPayments, checkoutState, nextPayment } from './checkout-view.ts';
import type { ProviderOutcome as CallbackOutcome } from '../../payments/payment-provider.ts';

type PaymentRow = typeof payments.$inferSelect;

export interface PaymentReturnDeps extends OrderEffectsDeps {
  now: () => Date;
}

export interface PaymentReturnResult {
  /** Where the shopper's browser goes next (a path of the web app). */
  location: string;
  /** Why the callback was refused; null when it was accepted (or was a harmless replay). */
  rejected: string | null;
}

const OPEN: ReadonlySet<PaymentStatus> = new Set(['created', 'pending']);

export function checkoutPagePath(checkoutId: string): string {
  return `/checkout/${encodeURIComponent(checkoutId)}`;
}
export function orderPagePath(checkoutId: string): string {
  return `/order/${encodeURIComponent(checkoutId)}`;
}

async function failurePagePath(db: Database, checkoutId: string): Promise<string> {
  const [first] = await db
    .select({ businessId: orders.businessId })
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.createdAt), asc(orders.number))
    .limit(1);
  const store = encodeURIComponent(first?.businessId ?? '');
  return `/order-failure/${store}?checkout=${encodeURIComponent(checkoutId)}`;
}

/** Where a checkout's shopper goes from its current state (also the answer to a replay). */
async function pathForCheckout(db: Database, checkoutId: string): Promise<string> {
  const rows = await checkoutPayments(db, checkoutId);
  const state = checkoutState(rows);
  if (state === 'failed') return failurePagePath(db, checkoutId);
  if (state === 'awaiting_payment' && nextPayment(rows)) return checkoutPagePath(checkoutId);
  return orderPagePath(checkoutId);
}

/** Removes from the cart what the checkout bought: done once every payment has gone through. */
async function clearOrderedLines(tx: Database, checkoutId: string, userId: string): Promise<void> {
  const bought = await tx
    .select({
      offerId: orderItems.offerId,
      menuItemId: orderItems.menuItemId,
      serviceId: orderItems.serviceId,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.checkoutId, checkoutId));
  const itemIds = bought.flatMap((item) =>
    [item.offerId, item.menuItemId, item.serviceId].filter((id): id is string => id !== null),
  );
  if (itemIds.length === 0) return;
  await tx
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.itemId, itemIds)));
}

async function moveCheckoutOrders(
  tx: Database,
  checkoutId: string,
  to: 'placed' | 'payment_failed',
  now: Date,
): Promise<OrderTransition[]> {
  const waiting = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, 'awaiting_payment')))
    .orderBy(asc(orders.createdAt), asc(orders.number));
  const changes: OrderTransition[] = [];
  for (const order of waiting) {
    changes.push(await transitionOrder(tx, { orderId: order.id, to, actor: 'system', now }));
  }
  return changes;
}

/**
 * Applies a verified provider answer to its payment under a row lock, so a replayed or concurrent
 * callback finds the payment no longer open and changes nothing. Orders are placed only when the
 * whole checkout is paid (the charge and the hold): a shopper is never left with half a checkout.
 * On failure every order still waiting is marked failed (stock released) and the checkout's payments
 * that did go through are released or refunded after the commit.
 */
async function applyOutcome(
  deps: PaymentReturnDeps,
  payment: PaymentRow,
  outcome: CallbackOutcome,
  providerRef: string | null,
  fields: Record<string, string>,
): Promise<void> {
  const now = deps.now();
  const undo: PaymentRow[] = [];
  const changes = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(payments)
      .where(eq(payments.id, payment.id))
      .for('update');
    if (!locked || !OPEN.has(locked.status)) return [];
    const status: PaymentStatus =
      outcome === 'pending'
        ? 'pending'
        : outcome === 'failure'
          ? 'failed'
          : locked.mode === 'charge'
            ? 'captured'
            : 'authorised';
    await tx
      .update(payments)
      .set({
        status,
        providerRef: providerRef ?? locked.providerRef,
        capturedAmount: status === 'captured' ? locked.amount : locked.capturedAmount,
        lastResponse: fields,
        updatedAt: now,
      })
      .where(eq(payments.id, locked.id));
    if (outcome === 'pending') return [];
    if (outcome === 'failure') {
      const others = await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.checkoutId, locked.checkoutId),
            inArray(payments.status, ['authorised', 'captured']),
          ),
        );
      undo.push(...others);
      return moveCheckoutOrders(tx, locked.checkoutId, 'payment_failed', now);
    }
    const all = await checkoutPayments(tx, locked.checkoutId);
    if (checkoutState(all) !== 'paid') return [];
    await clearOrderedLines(tx, locked.checkoutId, locked.userId);
    return moveCheckoutOrders(tx, locked.checkoutId, 'placed', now);
  });

  for (const done of undo) await releasePayment(deps, done);
  await applyOrderEffects(deps, changes);
}

/** Gives back a payment of a failed checkout: the hold released, the charge refunded. */
async function releasePayment(deps: PaymentReturnDeps, payment: PaymentRow): Promise<void> {
  if (!payment.providerRef) return;
  const ref = {
    txnid: payment.txnid,
    providerRef: payment.providerRef,
    amount: { amount: payment.amount, currency: payment.currency },
  };
  try {
    const result =
      payment.status === 'authorised'
        ? await deps.payments.void(ref)
        : await deps.payments.refund({ ...ref, refundId: `${payment.id}-failed-checkout` });
    if (!result.ok) throw new Error(result.message);
    await deps.db
      .update(payments)
      .set(
        payment.status === 'authorised'
          ? { status: 'voided', updatedAt: deps.now() }
          : {
              status: 'refunded',
              refundedAmount: sql`${payments.capturedAmount}`,
              updatedAt: deps.now(),
            },
      )
      .where(and(eq(payments.id, payment.id), eq(payments.status, payment.status)));
  } catch (error) {
    deps.log.error(
      { err: error, paymentId: payment.id },
      'could not release a payment of a failed checkout',
    );
  }
}

/**
 * PayU's return (surl and furl): trusted only when the reverse hash verifies, the txnid is one of
 * our payments, the amount is that payment's amount, udf1/udf2 name its checkout and payment, and the
 * provider's own verify_payment says the same. Anything else changes nothing.
 */
export async function handlePaymentReturn(
  deps: PaymentReturnDeps,
  fields: Record<string, string>,
): Promise<PaymentReturnResult> {
  const { db } = deps;
  const [payment] = fields.txnid
    ? await db.select().from(payments).where(eq(payments.txnid, fields.txnid))
    : [];
  const reject = async (why: string): Promise<PaymentReturnResult> => {
    deps.log.warn({ txnid: fields.txnid, why }, m.paymentCallbackRejected);
    return {
      location: payment ? await failurePagePath(db, payment.checkoutId) : '/cart',
      rejected: why,
    };
  };
  if (!payment) return reject('unknown txnid');

  const verified = deps.payments.verifyCallback(fields, payment.currency);
  if (!verified.ok) return reject(verified.reason);
  const { callback } = verified;
  if (callback.txnid !== payment.txnid) return reject('txnid mismatch');
  if (
    !callback.amount ||
    callback.amount.amount !== payment.amount ||
    callback.amount.currency !== payment.currency
  ) {
    return reject('amount mismatch');
  }
  if (fields.udf1 !== payment.checkoutId || fields.udf2 !== payment.id) {
    return reject('checkout or payment mismatch');
  }
  if (!OPEN.has(payment.status)) {
    return { location: await pathForCheckout(db, payment.checkoutId), rejected: null };
  }
  if (callback.outcome === 'success' && callback.preauthorised !== (payment.mode === 'preauth')) {
    return reject('payment mode mismatch');
  }

  let confirmed;
  try {
    confirmed = await deps.payments.verifyPayment(payment.txnid);
  } catch (error) {
    // The provider cannot confirm now: change nothing; the order page shows the payment as not yet
    // confirmed and a later callback (or the shopper's retry) settles it.
    deps.log.error({ err: error, txnid: payment.txnid }, 'verify_payment failed');
    return { location: orderPagePath(payment.checkoutId), rejected: 'verify_payment unavailable' };
  }
  if (confirmed.outcome !== callback.outcome) return reject('verify_payment disagrees');
  if (
    callback.outcome === 'success' &&
    (confirmed.amountText === null ||
      parseMoney(confirmed.amountText, payment.currency) !== payment.amount)
  ) {
    return reject('verify_payment amount mismatch');
  }

  await applyOutcome(
    deps,
    payment,
    callback.outcome,
    callback.providerRef ?? confirmed.providerRef,
    callback.fields,
  );
  return { location: await pathForCheckout(db, payment.checkoutId), rejected: null };
}
