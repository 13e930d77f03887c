import { and, asc, eq, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { AdminPaymentAction, OrderStatus, PaymentActionKind } from '@localmart/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { businesses } from '../../../db/schema/catalog.ts';
import { orderMoneyEvents, orders, paymentActions, payments } from '../../../db/schema/commerce.ts';
import { UNDO_PAYMENT_STATUSES } from './order-transitions.ts';
import type { Jobs } from '../../jobs/jobs.plugin.ts';
import { PAYMENT_ACTION_BACKOFF_MS, queuePaymentActionJob } from './payment-action-queue.ts';
import type { PaymentProvider } from '../../payments/payment-provider.ts';
import { notifyOrderRefunded } from '../../notifications/notifications.service.ts';
import { publishLive, userAudience } from '../../live/publish-live.ts';

export interface PaymentActionDeps {
  db: Database;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
  /** The job engine: a refund booked queues the shopper's push with its notification. */
  jobs?: Jobs | undefined;
}

/**
 * How long a claimed attempt owns its row: four times the PayU adapter's own timeout (15 s), so a
 * live attempt always ends within it. An instance that dies mid-call leaves the row to be retried
 * by its job after it (a minute, where 5 minutes kept a killed node's captures waiting).
 */
export const PAYMENT_ACTION_LEASE_MS = 60_000;

export const PAYMENT_ACTION_MAX_ATTEMPTS = PAYMENT_ACTION_BACKOFF_MS.length + 1;

/** Orders in these statuses still count on their payment (a hold must not be released under them). */
const HOLDING_STATUSES: OrderStatus[] = [
  'awaiting_payment',
  'placed',
  'accepted',
  'ready_for_pickup',
  'out_for_delivery',
];

type ClaimedAction = typeof paymentActions.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** A call no retry can make succeed (the payment has no provider reference): given up at once. */
class CannotSettle extends Error {}

/** Another call of the same order must finish first (a refund waits for a capture on its way). */
class NotYet extends Error {}

/**
 * Takes the action for one attempt, or answers null when it is not this caller's to make: done,
 * given up, or claimed by another instance (its lease not over). One UPDATE decides, so two
 * instances never call the provider for the same action at once.
 */
async function claim(
  db: Database,
  actionId: string,
  now: Date,
  { firstAttempt }: { firstAttempt: boolean },
): Promise<ClaimedAction | null> {
  const [claimed] = await db
    .update(paymentActions)
    .set({
      attempts: sql`${paymentActions.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + PAYMENT_ACTION_LEASE_MS),
      updatedAt: now,
    })
    .where(
      and(
        eq(paymentActions.id, actionId),
        eq(paymentActions.status, 'pending'),
        // Right after the commit the call is made whatever the clocks say; later, only when due.
        firstAttempt ? eq(paymentActions.attempts, 0) : lte(paymentActions.nextAttemptAt, now),
      ),
    )
    .returning();
  return claimed ?? null;
}

/** Is another call of this order (or of this payment) still to be made? */
async function pendingCalls(
  db: Database,
  where: { orderId?: string; paymentId?: string; action?: PaymentActionKind; except: string },
): Promise<boolean> {
  const conditions = [eq(paymentActions.status, 'pending'), ne(paymentActions.id, where.except)];
  if (where.orderId) conditions.push(eq(paymentActions.orderId, where.orderId));
  if (where.paymentId) conditions.push(eq(paymentActions.paymentId, where.paymentId));
  if (where.action) conditions.push(eq(paymentActions.action, where.action));
  const rows = await db
    .select({ id: paymentActions.id })
    .from(paymentActions)
    .where(and(...conditions))
    .limit(1);
  return rows.length > 0;
}

/**
 * Does any order of the payment still count on its hold: one not paid yet, one still on its way
 * with part of its share neither captured nor released, or a capture still to be made?
 */
async function holdStillNeeded(db: Database, paymentId: string, action: ClaimedAction) {
  const holding = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.paymentId, paymentId),
        or(
          eq(orders.status, 'awaiting_payment'),
          and(
            inArray(orders.status, HOLDING_STATUSES),
            sql`${orders.authorisedAmount} - ${orders.capturedAmount} - ${orders.releasedAmount} > 0`,
          ),
        ),
      ),
    )
    .limit(1);
  if (holding.length > 0) return true;
  return pendingCalls(db, { paymentId, action: 'capture', except: action.id });
}

/**
 * Books a confirmed movement of an order's money: the order's and its payment's amounts, the
 * order's money timeline, and the amount on the action, in one transaction. The amounts are
 * bounded by CHECK constraints (never more captured or released than held, refunded than captured).
 */
async function book(
  db: Database,
  action: ClaimedAction,
  order: OrderRow,
  movement: { kind: 'captured' | 'released' | 'refunded'; amount: number; now: Date },
  jobs?: Jobs,
): Promise<void> {
  const { kind, amount, now } = movement;
  if (amount <= 0) return;
  // Orders and payments name their three money columns alike.
  const field = `${kind}Amount` as const;
  await db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({ [field]: sql`${orders[field]} + ${amount}`, updatedAt: now })
      .where(eq(orders.id, order.id));
    await tx
      .update(payments)
      .set({ [field]: sql`${payments[field]} + ${amount}`, updatedAt: now })
      .where(eq(payments.id, action.paymentId));
    await tx
      .update(paymentActions)
      .set({ amount: sql`${paymentActions.amount} + ${amount}` })
      .where(eq(paymentActions.id, action.id));
    await tx
      .insert(orderMoneyEvents)
      .values({ orderId: order.id, kind, amount, currency: order.currency, at: now });
    if (kind === 'refunded') {
      await notifyOrderRefunded(tx, {
        orderId: order.id,
        amount,
        currency: order.currency,
        now,
        jobs,
      });
    }
    // The shopper's order page shows the money timeline: a refund made or a hold given back is
    // told live (after this commit); a capture is the payment they already saw go through.
    if (kind === 'refunded' || kind === 'released') {
      await publishLive(tx, userAudience(order.userId), {
        kind: 'order.money',
        orderId: order.id,
        number: order.number,
      });
    }
  });
}

/** The payment's own status once its orders' money has moved: what support and the checkout read. */
async function refreshPaymentStatus(db: Database, payment: PaymentRow, stillHeld: boolean) {
  const [row] = await db.select().from(payments).where(eq(payments.id, payment.id));
  if (!row || stillHeld) return;
  const status =
    row.capturedAmount === 0
      ? 'voided'
      : row.refundedAmount >= row.capturedAmount
        ? 'refunded'
        : 'captured';
  await db
    .update(payments)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(payments.id, row.id), inArray(payments.status, ['authorised', 'captured'])));
}

/** PayU's var2 "merchant unique reference" of one order's call (at most 25 characters). */
function callToken(order: OrderRow, action: ClaimedAction): string {
  return action.refundId ?? `${order.number}-${action.action === 'capture' ? 'C' : 'V'}`;
}

/** The provider call itself, with the order's money and its payment brought in line with its answer. */
async function settle(deps: PaymentActionDeps, action: ClaimedAction, now: Date): Promise<void> {
  const { db } = deps;
  const [row] = await db
    .select({ payment: payments, order: orders })
    .from(paymentActions)
    .innerJoin(payments, eq(payments.id, paymentActions.paymentId))
    .innerJoin(orders, eq(orders.id, paymentActions.orderId))
    .where(eq(paymentActions.id, action.id));
  if (!row) throw new CannotSettle('the order or its payment is gone');
  const { payment, order } = row;
  if (!payment.providerRef) throw new CannotSettle('the payment has no provider reference');
  const held = order.authorisedAmount - order.capturedAmount - order.releasedAmount;
  const amountOf = (amount: number) => ({ amount, currency: payment.currency });
  const ref = (amount: number) => ({
    txnid: callToken(order, action),
    providerRef: payment.providerRef!,
    amount: amountOf(amount),
  });

  if (action.action === 'capture') {
    // An order cancelled before its first capture attempt is not charged; its release does the rest.
    if (UNDO_PAYMENT_STATUSES.has(order.status) && action.attempts <= 1) return;
    // Never more than the order's total still to charge: a store that handed over less (issue 15)
    // lowered it; the rest of the share is released by the order's adjustment.
    const amount = Math.min(
      held,
      Math.max(0, order.totalAmount - (order.capturedAmount - order.refundedAmount)),
    );
    if (amount <= 0) return;
    const result = await deps.payments.capture(ref(amount));
    if (!result.ok) throw new Error(result.message);
    await book(db, action, order, { kind: 'captured', amount, now });
    await refreshPaymentStatus(db, payment, await holdStillNeeded(db, payment.id, action));
    return;
  }

  if (action.action === 'void') {
    // A capture on its way decides what is left to release: wait for it.
    if (await pendingCalls(db, { orderId: order.id, action: 'capture', except: action.id })) {
      throw new NotYet('waiting for the capture on its way');
    }
    // The order's share is let go at once: it will never be captured (our books). PayU cancels a
    // pre-authorisation whole (cancel_transaction has no amount), so the card's hold itself is
    // cancelled once no order of the checkout still needs it and nothing was captured from it.
    await book(db, action, order, { kind: 'released', amount: Math.max(0, held), now });
    const stillHeld = await holdStillNeeded(db, payment.id, action);
    if (!stillHeld && payment.status === 'authorised' && payment.capturedAmount === 0) {
      const result = await deps.payments.void(ref(payment.amount));
      if (!result.ok) throw new Error(result.message);
    }
    await refreshPaymentStatus(db, payment, stillHeld);
    return;
  }

  if (action.action === 'adjust') {
    await adjust(deps, action, payment, now);
    return;
  }

  // refund: what this order was charged and not yet given back, once any capture has landed.
  if (await pendingCalls(db, { orderId: order.id, action: 'capture', except: action.id })) {
    throw new NotYet('waiting for the capture on its way');
  }
  const refundable = order.capturedAmount - order.refundedAmount;
  if (refundable <= 0) return;
  const result = await deps.payments.refund({
    ...ref(refundable),
    refundId: action.refundId ?? `${order.number}-R`,
  });
  if (!result.ok) throw new Error(result.message);
  await book(db, action, order, { kind: 'refunded', amount: refundable, now }, deps.jobs);
  await refreshPaymentStatus(db, payment, await holdStillNeeded(db, payment.id, action));
}

/**
 * An order whose lines changed (issue 15, ADR 0012) gives back what it no longer needs: its money
 * (held plus charged less refunded) above its new total is first released from the hold (our books:
 * PayU cancels only whole pre-authorisations, as for a cancelled order's share) and the rest refunded
 * through PayU, each refund with its own token. Amounts are read when the call runs, so changes made
 * meanwhile are included; an order that ended meanwhile is left to its exit's release and refund.
 */
async function adjust(
  deps: PaymentActionDeps,
  action: ClaimedAction,
  payment: PaymentRow,
  now: Date,
): Promise<void> {
  const { db } = deps;
  if (await pendingCalls(db, { orderId: action.orderId, action: 'capture', except: action.id })) {
    throw new NotYet('waiting for the capture on its way');
  }
  // A change committed while a refund was on its way is settled by the next pass.
  for (let pass = 0; pass < 3; pass += 1) {
    const [order] = await db.select().from(orders).where(eq(orders.id, action.orderId));
    if (!order || UNDO_PAYMENT_STATUSES.has(order.status)) return;
    const held = order.authorisedAmount - order.capturedAmount - order.releasedAmount;
    const net = order.capturedAmount - order.refundedAmount;
    const excess = held + net - order.totalAmount;
    if (excess <= 0) return;
    const release = Math.min(Math.max(held, 0), excess);
    if (release > 0) await book(db, action, order, { kind: 'released', amount: release, now });
    const refund = excess - release;
    if (refund > 0) {
      const [{ count } = { count: 0 }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(orderMoneyEvents)
        .where(and(eq(orderMoneyEvents.orderId, order.id), eq(orderMoneyEvents.kind, 'refunded')));
      // One token per refund (PayU's var2); a retry of the same refund sends the same one.
      const token = `${order.number}-A${Number(count) + 1}`;
      const result = await deps.payments.refund({
        txnid: token,
        providerRef: payment.providerRef!,
        amount: { amount: refund, currency: payment.currency },
        refundId: token,
      });
      if (!result.ok) throw new Error(result.message);
      const [fresh] = await db.select().from(orders).where(eq(orders.id, order.id));
      await book(db, action, fresh ?? order, { kind: 'refunded', amount: refund, now }, deps.jobs);
    }
  }
  await refreshPaymentStatus(db, payment, await holdStillNeeded(db, payment.id, action));
}

export type PaymentActionOutcome = 'done' | 'retry' | 'failed' | 'skipped';

/**
 * One attempt at a recorded provider call: claimed, made, then marked done; a failure is retried
 * later with backoff (PAYMENT_ACTION_BACKOFF_MS), and given up after PAYMENT_ACTION_MAX_ATTEMPTS
 * with an error in the log, the payment row left as it was for support to settle by hand.
 */
export async function runPaymentAction(
  deps: PaymentActionDeps,
  actionId: string,
  now: Date,
  options: { firstAttempt: boolean },
): Promise<PaymentActionOutcome> {
  const action = await claim(deps.db, actionId, now, options);
  if (!action) return 'skipped';
  let failure: string;
  let retryable = true;
  try {
    await settle(deps, action, now);
    await deps.db
      .update(paymentActions)
      .set({ status: 'done', lastError: null, updatedAt: now })
      .where(eq(paymentActions.id, action.id));
    return 'done';
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
    retryable = !(error instanceof CannotSettle);
    if (error instanceof NotYet) {
      // Not a failure: try again a minute later (its job), without using up an attempt.
      await deps.db
        .update(paymentActions)
        .set({
          attempts: sql`greatest(${paymentActions.attempts} - 1, 0)`,
          nextAttemptAt: new Date(now.getTime() + PAYMENT_ACTION_BACKOFF_MS[0]),
          updatedAt: now,
        })
        .where(eq(paymentActions.id, action.id));
      return 'retry';
    }
  }
  const wait = retryable ? PAYMENT_ACTION_BACKOFF_MS[action.attempts - 1] : undefined;
  const context = { actionId: action.id, orderId: action.orderId, action: action.action };
  if (wait === undefined) {
    deps.log.error({ ...context, error: failure }, 'payment provider call given up');
    await deps.db
      .update(paymentActions)
      .set({ status: 'failed', lastError: failure, updatedAt: now })
      .where(eq(paymentActions.id, action.id));
    return 'failed';
  }
  deps.log.warn({ ...context, error: failure }, 'payment provider call failed; will retry');
  await deps.db
    .update(paymentActions)
    .set({ nextAttemptAt: new Date(now.getTime() + wait), lastError: failure, updatedAt: now })
    .where(eq(paymentActions.id, action.id));
  return 'retry';
}

export interface PaymentActionSweepReport {
  done: number;
  retry: number;
  failed: number;
}

/** How many due actions one reconciliation sweep takes on; the rest wait for the next. */
const SWEEP_BATCH = 20;

/**
 * The reconciliation behind the jobs (reconcile.ts): every due action (a retry whose job was lost,
 * or one recorded without a job), oldest first. Safe with several instances: each attempt is
 * claimed (runPaymentAction).
 */
export async function sweepPaymentActions(
  deps: PaymentActionDeps,
  now: Date,
): Promise<PaymentActionSweepReport> {
  const due = await deps.db
    .select({ id: paymentActions.id })
    .from(paymentActions)
    .where(and(eq(paymentActions.status, 'pending'), lte(paymentActions.nextAttemptAt, now)))
    .orderBy(asc(paymentActions.nextAttemptAt))
    .limit(SWEEP_BATCH);
  const report: PaymentActionSweepReport = { done: 0, retry: 0, failed: 0 };
  for (const { id } of due) {
    const outcome = await runPaymentAction(deps, id, now, { firstAttempt: false });
    if (outcome !== 'skipped') report[outcome] += 1;
  }
  return report;
}

/** How many troubled calls the admin list shows at most (there should be none, or a few). */
const TROUBLED_LIST_LIMIT = 200;

/**
 * The calls support should look at: given up (`failed`), then those that failed at least once and
 * wait for their next automatic try, oldest first in each group.
 */
export async function listTroubledPaymentActions(db: Database): Promise<AdminPaymentAction[]> {
  const rows = await db
    .select({
      action: paymentActions,
      orderNumber: orders.number,
      businessId: orders.businessId,
      storeName: businesses.name,
      totalAmount: orders.totalAmount,
      currency: payments.currency,
    })
    .from(paymentActions)
    .innerJoin(orders, eq(orders.id, paymentActions.orderId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .innerJoin(payments, eq(payments.id, paymentActions.paymentId))
    .where(
      or(
        eq(paymentActions.status, 'failed'),
        and(eq(paymentActions.status, 'pending'), isNotNull(paymentActions.lastError)),
      ),
    )
    .orderBy(
      sql`(${paymentActions.status} = 'failed') desc`,
      asc(paymentActions.createdAt),
      asc(paymentActions.id),
    )
    .limit(TROUBLED_LIST_LIMIT);
  return rows.map(({ action, ...row }) => ({
    id: action.id,
    orderId: action.orderId,
    orderNumber: row.orderNumber,
    businessId: row.businessId,
    storeName: row.storeName,
    action: action.action,
    status: action.status === 'failed' ? 'failed' : 'pending',
    // The order's own share: what the call moved, or (not made yet) the order's total.
    amount: { amount: action.amount || row.totalAmount, currency: row.currency },
    attempts: action.attempts,
    lastError: action.lastError,
    nextAttemptAt: action.status === 'pending' ? action.nextAttemptAt.toISOString() : null,
    createdAt: action.createdAt.toISOString(),
  }));
}

export type RetryNowResult =
  | { found: false }
  | { found: true; alreadyDone: true }
  | { found: true; alreadyDone: false; done: boolean; lastError: string | null };

/**
 * Support's "retry now": the call gets a fresh schedule (attempts from 0, due now) and is made at
 * once. If the provider refuses again it stays pending and a new job goes on with its backoff.
 */
export async function retryPaymentActionNow(
  deps: PaymentActionDeps & { jobs?: Jobs },
  actionId: string,
  now: Date,
): Promise<RetryNowResult> {
  const [reset] = await deps.db
    .update(paymentActions)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, updatedAt: now })
    .where(and(eq(paymentActions.id, actionId), ne(paymentActions.status, 'done')))
    .returning({ id: paymentActions.id });
  if (!reset) {
    const [existing] = await deps.db
      .select({ id: paymentActions.id })
      .from(paymentActions)
      .where(eq(paymentActions.id, actionId));
    return existing ? { found: true, alreadyDone: true } : { found: false };
  }
  const outcome = await runPaymentAction(deps, actionId, now, { firstAttempt: true });
  const [after] = await deps.db
    .select({
      lastError: paymentActions.lastError,
      status: paymentActions.status,
      nextAttemptAt: paymentActions.nextAttemptAt,
    })
    .from(paymentActions)
    .where(eq(paymentActions.id, actionId));
  // Still owed: a fresh chain of jobs goes on with the backoff (a given-up call had none left).
  if (deps.jobs && after?.status === 'pending') {
    await queuePaymentActionJob(
      deps.jobs,
      deps.db,
      actionId,
      after.nextAttemptAt,
      now,
      `retry:${now.toISOString()}`,
    );
  }
  return {
    found: true,
    alreadyDone: false,
    done: outcome === 'done',
    lastError: after?.lastError ?? null,
  };
}
