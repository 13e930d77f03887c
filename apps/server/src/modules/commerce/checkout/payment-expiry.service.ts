import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import {
  commerceMessages as m,
  PAYMENT_PENDING_TIMEOUT_MINUTES,
  parseMoney,
} from '@localmart/contract';
import type { Database } from '../../../db/client.ts';
import { checkouts, payments } from '../../../db/schema/commerce.ts';
import { PaymentProviderError, type ProviderTransaction } from '../../payments/payment-provider.ts';
import {
  finishSettlement,
  lockCheckoutPayments,
  OPEN_PAYMENT_STATUSES,
  type PaymentReturnDeps,
  type ProviderAnswer,
  type SettledOutcome,
  settleLockedPayment,
} from './payment-return.service.ts';

/**
 * Releases abandoned and stuck checkouts (each checkout's job, payment-expiry.jobs.ts; the sweep
 * below is the reconciliation the reconcile cron runs behind the jobs). Placing a checkout holds stock at once; a shopper who
 * closes the tab, or a bank that leaves the payment pending, would hold it forever. Once a
 * checkout is PAYMENT_PENDING_TIMEOUT_MINUTES old, each payment still open is put to the provider
 * (verify_payment): a success is settled exactly as its callback would have been; anything else
 * fails the checkout as a failed callback does (orders payment_failed, stock back, money already
 * taken given back, the shopper emailed).
 *
 * The provider is asked OUTSIDE any transaction, and the checkout is claimed afterwards, by locking
 * all its payment rows with SKIP LOCKED and re-checking that they are still open. A transaction
 * held open across the call would stall the shopper's own callback for up to the provider timeout,
 * and on PGlite (one connection) it would deadlock outright against the embedded simulator, which
 * answers verify_payment from the same database. Two sweepers (instances, or overlapping runs)
 * may therefore both ask the provider, but only one of them writes: the other finds the rows
 * locked or no longer open and leaves the checkout alone. All state is in the database, so a
 * restart simply picks up where the last sweep left off.
 */

export type PaymentExpiryDeps = PaymentReturnDeps;

/** Checkouts looked at per sweep: bounds one sweep's provider calls; the rest wait for the next. */
export const PAYMENT_SWEEP_BATCH = 50;

export type CheckoutSweepResult =
  /** A payment the provider reports successful was settled (and no other payment failed). */
  | 'settled'
  /** The checkout failed: orders released, stock back. */
  | 'released'
  /** Left for the next sweep: the provider could not be asked, or writing failed. */
  | 'deferred'
  /** Another sweeper or a callback holds it, or already resolved it. */
  | 'skipped';

export type PaymentSweepReport = Record<CheckoutSweepResult, number>;

/** Checkouts created at or before this instant are overdue. */
export function paymentExpiryCutoff(now: Date): Date {
  return new Date(now.getTime() - PAYMENT_PENDING_TIMEOUT_MINUTES * 60_000);
}

type PaymentRow = typeof payments.$inferSelect;

async function overdueCheckouts(db: Database, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: checkouts.id, createdAt: checkouts.createdAt })
    .from(checkouts)
    .innerJoin(payments, eq(payments.checkoutId, checkouts.id))
    .where(
      and(inArray(payments.status, [...OPEN_PAYMENT_STATUSES]), lte(checkouts.createdAt, cutoff)),
    )
    .orderBy(asc(checkouts.createdAt), asc(checkouts.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** What the provider's own record of an overdue payment means for it. */
function answerFor(
  deps: PaymentExpiryDeps,
  payment: PaymentRow,
  seen: ProviderTransaction,
): ProviderAnswer {
  const record = {
    source: 'payment-expiry',
    verify_status: seen.outcome,
    mihpayid: seen.providerRef ?? '',
    amt: seen.amountText ?? '',
  };
  if (seen.outcome === 'success') {
    const amountMatches =
      seen.amountText !== null && parseMoney(seen.amountText, payment.currency) === payment.amount;
    const modeMatches = seen.preauthorised === (payment.mode === 'preauth');
    if (amountMatches && modeMatches) {
      return { outcome: 'success', providerRef: seen.providerRef, fields: record };
    }
    // Not the payment we asked for: never place orders on it. The provider holds money that
    // support must look at; the checkout is released like any other unpaid one.
    deps.log.error(
      { txnid: payment.txnid, amountMatches, modeMatches },
      'payment expiry: verify_payment reports a success that does not match the payment',
    );
  }
  // failure, not_found, or still pending past the timeout: the checkout is given up.
  return {
    outcome: 'failure',
    providerRef: seen.providerRef,
    fields: record,
    note: m.paymentTimedOut,
  };
}

/** Puts an overdue checkout's open payments to the provider and settles or releases it. */
export async function resolveCheckout(
  deps: PaymentExpiryDeps,
  checkoutId: string,
): Promise<CheckoutSweepResult> {
  const open = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.checkoutId, checkoutId),
        inArray(payments.status, [...OPEN_PAYMENT_STATUSES]),
      ),
    )
    .orderBy(asc(payments.id));
  if (open.length === 0) return 'skipped';

  const answers = new Map<string, ProviderAnswer>();
  for (const payment of open) {
    try {
      answers.set(
        payment.id,
        answerFor(deps, payment, await deps.payments.verifyPayment(payment.txnid)),
      );
    } catch (error) {
      // Unknown is not failed: releasing now could strand a payment the bank did take.
      deps.log.warn(
        { err: error, txnid: payment.txnid, providerDown: error instanceof PaymentProviderError },
        'payment expiry: the provider could not be asked; trying again on the next sweep',
      );
      return 'deferred';
    }
  }
  // Successes first: a payment that went through on a checkout that then fails is handed back.
  const ordered = [...answers.entries()].sort(
    ([, a], [, b]) => Number(b.outcome === 'success') - Number(a.outcome === 'success'),
  );

  const now = deps.now();
  const claimed = await deps.db.transaction(async (tx) => {
    const total = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.checkoutId, checkoutId));
    const locked = await lockCheckoutPayments(tx, checkoutId, { skipLocked: true });
    // Someone else is on this checkout right now (a callback, another sweeper): theirs to finish.
    if (locked.length !== total.length) return null;
    const settled: SettledOutcome = { changes: [], undo: [] };
    let applied = 0;
    let failed = false;
    for (const [paymentId, answer] of ordered) {
      const row = locked.find((candidate) => candidate.id === paymentId);
      // Settled since we asked the provider: the newer word stands.
      if (!row || !OPEN_PAYMENT_STATUSES.has(row.status)) continue;
      const outcome = await settleLockedPayment(tx, row, answer, now, deps.jobs);
      settled.changes.push(...outcome.changes);
      settled.undo.push(...outcome.undo);
      applied += 1;
      failed ||= answer.outcome === 'failure';
    }
    return applied === 0 ? null : { settled, failed };
  });
  if (!claimed) return 'skipped';
  await finishSettlement(deps, claimed.settled);
  return claimed.failed ? 'released' : 'settled';
}

/**
 * One sweep: every overdue checkout of the batch resolved, each on its own (one checkout's trouble
 * never stops the others). Safe to run on several instances at once.
 */
export async function sweepOverduePayments(
  deps: PaymentExpiryDeps,
  options: { batchSize?: number } = {},
): Promise<PaymentSweepReport> {
  const report: PaymentSweepReport = { settled: 0, released: 0, deferred: 0, skipped: 0 };
  const cutoff = paymentExpiryCutoff(deps.now());
  const due = await overdueCheckouts(deps.db, cutoff, options.batchSize ?? PAYMENT_SWEEP_BATCH);
  for (const checkoutId of due) {
    let result: CheckoutSweepResult;
    try {
      result = await resolveCheckout(deps, checkoutId);
    } catch (error) {
      // E.g. the shopper cancelled an order in between: the transaction rolled back whole.
      deps.log.error({ err: error, checkoutId }, 'payment expiry: could not resolve a checkout');
      result = 'deferred';
    }
    report[result] += 1;
  }
  return report;
}
