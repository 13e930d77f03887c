import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  commerceMessages as m,
  formatMoney,
  parseMoney,
  type PaymentStatus,
} from '@localmart/contract';
import type { Database } from '../../../db/client.ts';
import {
  cartItems,
  orderEvents,
  orderItems,
  orderMoneyEvents,
  orders,
  paymentActions,
  payments,
} from '../../../db/schema/commerce.ts';
import type { Jobs } from '../../jobs/jobs.plugin.ts';
import { type OrderEffectsDeps, applyOrderEffects } from '../orders/order-effects.ts';
import { firstCheckAt, queuePaymentActionJob } from '../orders/payment-action-queue.ts';
import {
  type OrderTransition,
  transitionOrder,
  UNDO_PAYMENT_STATUSES,
} from '../orders/order-transitions.ts';
import { checkoutPayments, checkoutState, nextPayment } from './checkout-view.ts';
import { queuePaymentRecheck } from './payment-recheck-queue.ts';
import type {
  ProviderOutcome as CallbackOutcome,
  VerifiedCallback,
} from '../../payments/payment-provider.ts';

type PaymentRow = typeof payments.$inferSelect;

/** The payment return's needs are the order effects' (db, provider, mailer, log, the app clock). */
export type PaymentReturnDeps = OrderEffectsDeps;

export interface PaymentReturnResult {
  /** Where the shopper's browser goes next (a path of the web app). */
  location: string;
  /** Why the callback was refused; null when it was accepted (or was a harmless replay). */
  rejected: string | null;
}

/** A payment still waiting for the provider's word: what callbacks and the sweeper may settle. */
export const OPEN_PAYMENT_STATUSES: ReadonlySet<PaymentStatus> = new Set(['created', 'pending']);

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
  note: string | null,
  jobs: Jobs | undefined,
): Promise<OrderTransition[]> {
  const waiting = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, 'awaiting_payment')))
    .orderBy(asc(orders.createdAt), asc(orders.number))
    // Locked, so an order the shopper cancelled a moment ago is re-checked and left out (it is
    // no longer awaiting payment) instead of failing the whole settlement with an illegal move.
    .for('update');
  const changes: OrderTransition[] = [];
  for (const order of waiting) {
    changes.push(
      await transitionOrder(tx, { orderId: order.id, to, actor: 'system', now, note, jobs }),
    );
  }
  return changes;
}

/**
 * Locks every payment of a checkout, in id order so two callers never deadlock: the whole checkout
 * is one critical section for callbacks and the expiry sweeper alike. With `skipLocked` the rows
 * another transaction holds are left out (the sweeper's claim: it moves on instead of waiting).
 */
export async function lockCheckoutPayments(
  tx: Database,
  checkoutId: string,
  options: { skipLocked: boolean },
): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(payments)
    .where(eq(payments.checkoutId, checkoutId))
    .orderBy(asc(payments.id))
    .for('update', options.skipLocked ? { skipLocked: true } : undefined);
}

/** What a settled outcome leaves to do after the commit: provider calls and emails. */
export interface SettledOutcome {
  changes: OrderTransition[];
  /** Payments that went through on a checkout that failed: to be released or refunded. */
  undo: PaymentRow[];
}

export const NOTHING_SETTLED: SettledOutcome = { changes: [], undo: [] };

export interface ProviderAnswer {
  outcome: CallbackOutcome;
  providerRef: string | null;
  fields: Record<string, string>;
  /** Goes on the order timeline when the orders move (why the system moved them). */
  note?: string | null;
}

/**
 * Applies a verified provider answer to a payment the caller has locked (and still open), in the
 * caller's transaction. Orders are placed only when the whole checkout is paid (the charge and the
 * hold): a shopper is never left with half a checkout. On failure every order still waiting is
 * marked failed (stock released) and the checkout's payments that did go through are handed back
 * for release after the commit; so is a success that arrives on a checkout that already failed.
 */
export async function settleLockedPayment(
  tx: Database,
  locked: PaymentRow,
  answer: ProviderAnswer,
  now: Date,
  jobs: Jobs | undefined,
): Promise<SettledOutcome> {
  const { outcome } = answer;
  const status: PaymentStatus =
    outcome === 'pending'
      ? 'pending'
      : outcome === 'failure'
        ? 'failed'
        : locked.mode === 'charge'
          ? 'captured'
          : 'authorised';
  const providerRef = answer.providerRef ?? locked.providerRef;
  const capturedAmount = status === 'captured' ? locked.amount : locked.capturedAmount;
  await tx
    .update(payments)
    .set({ status, providerRef, capturedAmount, lastResponse: answer.fields, updatedAt: now })
    .where(eq(payments.id, locked.id));
  if (outcome === 'pending') return NOTHING_SETTLED;
  const note = answer.note ?? null;
  if (outcome === 'failure') {
    const undo = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.checkoutId, locked.checkoutId),
          inArray(payments.status, ['authorised', 'captured']),
        ),
      );
    const changes = await moveCheckoutOrders(
      tx,
      locked.checkoutId,
      'payment_failed',
      now,
      note,
      jobs,
    );
    return { changes, undo };
  }
  const all = await checkoutPayments(tx, locked.checkoutId);
  const state = checkoutState(all);
  if (state === 'failed') {
    return { changes: [], undo: [{ ...locked, status, providerRef, capturedAmount }] };
  }
  if (state !== 'paid') return NOTHING_SETTLED;
  await clearOrderedLines(tx, locked.checkoutId, locked.userId);
  const placed = await moveCheckoutOrders(tx, locked.checkoutId, 'placed', now, note, jobs);
  const late = await releaseLateShares(tx, locked, now, jobs);
  return { changes: [...placed, ...late], undo: [] };
}

/**
 * Money that lands on orders already cancelled (the shopper cancelled while the bank was deciding):
 * their share of the hold is booked as held, then released automatically by a recorded provider
 * call, and the order's timeline says so (defect 3). A cancelled order never keeps a shopper's money.
 */
async function releaseLateShares(
  tx: Database,
  payment: PaymentRow,
  now: Date,
  jobs: Jobs | undefined,
): Promise<OrderTransition[]> {
  if (payment.mode !== 'preauth') return [];
  const cancelled = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.paymentId, payment.id),
        inArray(orders.status, [...UNDO_PAYMENT_STATUSES]),
        eq(orders.authorisedAmount, 0),
      ),
    )
    .orderBy(asc(orders.number));
  const changes: OrderTransition[] = [];
  for (const order of cancelled) {
    if (order.totalAmount <= 0) continue;
    await tx
      .update(orders)
      .set({ authorisedAmount: order.totalAmount, updatedAt: now })
      .where(eq(orders.id, order.id));
    await tx.insert(orderMoneyEvents).values({
      orderId: order.id,
      kind: 'held',
      amount: order.totalAmount,
      currency: order.currency,
      at: now,
    });
    await tx.insert(orderEvents).values({
      orderId: order.id,
      status: order.status,
      actor: 'system',
      note: m.lateMoneyReleased(formatMoney(order.totalAmount, order.currency)),
      at: now,
    });
    const recorded = await tx
      .insert(paymentActions)
      .values({ orderId: order.id, paymentId: payment.id, action: 'void', nextAttemptAt: now })
      .onConflictDoNothing()
      .returning({ id: paymentActions.id });
    if (jobs) {
      for (const { id } of recorded) {
        await queuePaymentActionJob(jobs, tx, id, firstCheckAt(now), now, 'recorded');
      }
    }
    changes.push({
      orderId: order.id,
      userId: order.userId,
      from: order.status,
      to: order.status,
      totalAmount: order.totalAmount,
      currency: order.currency,
      paymentActionIds: recorded.map((row) => row.id),
    });
  }
  return changes;
}

/** After the commit: money of a failed checkout given back, then the order emails. */
export async function finishSettlement(
  deps: PaymentReturnDeps,
  settled: SettledOutcome,
): Promise<void> {
  for (const done of settled.undo) await releasePayment(deps, done);
  await applyOrderEffects(deps, settled.changes);
}

/**
 * Applies a verified callback under the checkout's payment locks, so a replayed or concurrent
 * callback (or the expiry sweeper) finds the payment no longer open and changes nothing.
 */
async function applyOutcome(
  deps: PaymentReturnDeps,
  payment: PaymentRow,
  answer: ProviderAnswer,
): Promise<void> {
  const now = deps.now();
  const settled = await deps.db.transaction(async (tx) => {
    const rows = await lockCheckoutPayments(tx, payment.checkoutId, { skipLocked: false });
    const locked = rows.find((row) => row.id === payment.id);
    if (!locked || !OPEN_PAYMENT_STATUSES.has(locked.status)) return NOTHING_SETTLED;
    return settleLockedPayment(tx, locked, answer, now, deps.jobs);
  });
  await finishSettlement(deps, settled);
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

/** Marks, in a payment's last response, that a late success was handed back (so only once). */
const LATE_RELEASE_FIELD = 'localmart_late_release';

/**
 * A success for a payment we already gave up on: the payment expiry released its checkout (the
 * shopper finished paying after the timeout), so the orders are gone and the stock is back. The
 * money must not stay with the provider: once verify_payment confirms it, the hold is released or
 * the charge refunded. The payment stays `failed`, which is what it is to the checkout.
 */
async function releaseLateSuccess(
  deps: PaymentReturnDeps,
  payment: PaymentRow,
  callback: VerifiedCallback,
): Promise<void> {
  if (payment.lastResponse?.[LATE_RELEASE_FIELD]) return;
  let confirmed;
  try {
    confirmed = await deps.payments.verifyPayment(payment.txnid);
  } catch (error) {
    deps.log.error({ err: error, txnid: payment.txnid }, 'verify_payment failed (late success)');
    return;
  }
  const providerRef = confirmed.providerRef ?? callback.providerRef;
  if (confirmed.outcome !== 'success' || !providerRef) return;
  const ref = {
    txnid: payment.txnid,
    providerRef,
    amount: { amount: payment.amount, currency: payment.currency },
  };
  const action = confirmed.preauthorised ? 'void' : 'refund';
  const result =
    action === 'void'
      ? await deps.payments.void(ref)
      : await deps.payments.refund({ ...ref, refundId: `${payment.id}-late` });
  if (!result.ok) {
    deps.log.error(
      { txnid: payment.txnid, action, message: result.message },
      'a payment that succeeded after its checkout expired could not be given back',
    );
    return;
  }
  deps.log.warn({ txnid: payment.txnid, action }, 'gave back a payment that succeeded too late');
  await deps.db
    .update(payments)
    .set({
      providerRef,
      lastResponse: { ...callback.fields, [LATE_RELEASE_FIELD]: action },
      updatedAt: deps.now(),
    })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'failed')));
}

/**
 * PayU's return (surl and furl): trusted only when the reverse hash verifies, the txnid is one of
 * our payments, the amount is that payment's amount, udf1/udf2 name its checkout and payment, and the
 * provider's own verify_payment says the same. Anything else changes nothing.
 */
export async function handlePaymentReturn(
  deps: PaymentReturnDeps,
  fields: Record<string, string>,
  /** `recheck`: this is payment-recheck.jobs.ts asking again, so it queues no further job. */
  { recheck = false }: { recheck?: boolean } = {},
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
  if (
    (payment.status === 'failed' || payment.status === 'replaced') &&
    callback.outcome === 'success'
  ) {
    await releaseLateSuccess(deps, payment, callback);
  }
  if (!OPEN_PAYMENT_STATUSES.has(payment.status)) {
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
    // confirmed, and a job asks again within seconds (payment-recheck.jobs.ts) rather than leaving
    // it to the checkout's expiry.
    deps.log.error({ err: error, txnid: payment.txnid }, 'verify_payment failed');
    if (!recheck && deps.jobs) await queuePaymentRecheck(deps.jobs, db, fields, deps.now());
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

  await applyOutcome(deps, payment, {
    outcome: callback.outcome,
    providerRef: callback.providerRef ?? confirmed.providerRef,
    fields: callback.fields,
  });
  return { location: await pathForCheckout(db, payment.checkoutId), rejected: null };
}
