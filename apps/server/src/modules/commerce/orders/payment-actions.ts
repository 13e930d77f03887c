import { and, asc, eq, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { AdminPaymentAction, OrderStatus } from '@localmart/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { businesses } from '../../../db/schema/catalog.ts';
import { orders, paymentActions, payments } from '../../../db/schema/commerce.ts';
import type { PaymentProvider } from '../../payments/payment-provider.ts';

export interface PaymentActionDeps {
  db: Database;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
}

/**
 * How long a claimed attempt owns its row: the provider call must answer well within it (PayU's API
 * times out long before). An instance that dies mid-call leaves the row to be retried after it.
 */
export const PAYMENT_ACTION_LEASE_MS = 5 * 60_000;

/** Waits before the 2nd, 3rd, ... attempt; after the last one the action is given up (failed). */
export const PAYMENT_ACTION_BACKOFF_MS = [
  60_000,
  5 * 60_000,
  15 * 60_000,
  60 * 60_000,
  6 * 60 * 60_000,
] as const;

export const PAYMENT_ACTION_MAX_ATTEMPTS = PAYMENT_ACTION_BACKOFF_MS.length + 1;

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

type ClaimedAction = typeof paymentActions.$inferSelect;

/** A call no retry can make succeed (the payment has no provider reference): given up at once. */
class CannotSettle extends Error {}

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

/** The provider call itself, and the payment row brought in line with its answer. */
async function settle(deps: PaymentActionDeps, action: ClaimedAction): Promise<void> {
  const { db } = deps;
  const [row] = await db
    .select({ payment: payments, totalAmount: orders.totalAmount })
    .from(paymentActions)
    .innerJoin(payments, eq(payments.id, paymentActions.paymentId))
    .innerJoin(orders, eq(orders.id, paymentActions.orderId))
    .where(eq(paymentActions.id, action.id));
  if (!row) throw new CannotSettle('the order or its payment is gone');
  const { payment, totalAmount } = row;
  if (!payment.providerRef) throw new CannotSettle('the payment has no provider reference');
  const orderAmount = { amount: totalAmount, currency: payment.currency };
  const ref = { txnid: payment.txnid, providerRef: payment.providerRef, amount: orderAmount };
  if (action.action === 'void') {
    // One hold covers every reserve order of a checkout: released only when none still needs it.
    if (await othersHolding(db, payment.id, action.orderId)) return;
    if (payment.status !== 'authorised') return;
    const result = await deps.payments.void({
      ...ref,
      amount: { amount: payment.amount, currency: payment.currency },
    });
    if (!result.ok) throw new Error(result.message);
    await db
      .update(payments)
      .set({ status: 'voided', updatedAt: sql`now()` })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'authorised')));
  } else if (action.action === 'refund') {
    const result = await deps.payments.refund({
      ...ref,
      refundId: action.refundId ?? `${action.orderId}-refund`,
    });
    if (!result.ok) throw new Error(result.message);
    await db
      .update(payments)
      .set({
        refundedAmount: sql`${payments.refundedAmount} + ${totalAmount}`,
        status: sql`case when ${payments.refundedAmount} + ${totalAmount} >= ${payments.capturedAmount} then 'refunded' else ${payments.status} end`,
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, payment.id));
  } else {
    const result = await deps.payments.capture(ref);
    if (!result.ok) throw new Error(result.message);
    const stillHeld = await othersHolding(db, payment.id, action.orderId);
    await db
      .update(payments)
      .set({
        capturedAmount: sql`${payments.capturedAmount} + ${totalAmount}`,
        ...(stillHeld ? {} : { status: 'captured' as const }),
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, payment.id));
  }
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
    await settle(deps, action);
    await deps.db
      .update(paymentActions)
      .set({ status: 'done', lastError: null, updatedAt: now })
      .where(eq(paymentActions.id, action.id));
    return 'done';
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
    retryable = !(error instanceof CannotSettle);
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

/** How many due actions one sweep takes on; the rest wait for the next tick. */
const SWEEP_BATCH = 20;

/**
 * The retry half: every due action (a failed call's retry, or one a crash left unmade), oldest
 * first. Safe with several instances: each attempt is claimed (runPaymentAction).
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
      holdAmount: payments.amount,
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
    // A hold is released whole; a refund or capture is the order's share.
    amount: {
      amount: action.action === 'void' ? row.holdAmount : row.totalAmount,
      currency: row.currency,
    },
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
 * once. If the provider refuses again it stays pending and the sweeper goes on with its backoff.
 */
export async function retryPaymentActionNow(
  deps: PaymentActionDeps,
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
    .select({ lastError: paymentActions.lastError })
    .from(paymentActions)
    .where(eq(paymentActions.id, actionId));
  return {
    found: true,
    alreadyDone: false,
    done: outcome === 'done',
    lastError: after?.lastError ?? null,
  };
}
