import { PAYMENT_PENDING_TIMEOUT_MINUTES } from '@localmart/contract';
import type { Database } from '../../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.plugin.ts';

/**
 * The pg-boss queue of unpaid checkouts: one job per checkout, due when it has waited
 * PAYMENT_PENDING_TIMEOUT_MINUTES for the bank (payment-expiry.jobs.ts settles or releases it).
 */
export const CHECKOUT_EXPIRY_QUEUE = 'checkout-expiry';

export interface CheckoutExpiryJob {
  checkoutId: string;
}

/** When a checkout created at `createdAt` is overdue. */
export function checkoutExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + PAYMENT_PENDING_TIMEOUT_MINUTES * 60_000);
}

/**
 * Queued in the transaction that places the checkout. A provider that cannot be asked fails the
 * attempt: pg-boss tries again every minute for an hour, then the reconcile cron goes on.
 */
export async function queueCheckoutExpiryJob(
  jobs: Jobs,
  db: Database,
  checkoutId: string,
  createdAt: Date,
  now: Date,
  /** Why this job (`placed`, `after:<job id>`): one job per checkout and reason. */
  reason: string,
): Promise<void> {
  const job: CheckoutExpiryJob = { checkoutId };
  await jobs.sendAt(CHECKOUT_EXPIRY_QUEUE, job, {
    at: checkoutExpiresAt(createdAt),
    now,
    db,
    // An early run retried after queuing its successor queues no second one.
    key: `${checkoutId}@${reason}`,
    options: { retryLimit: 60, retryDelay: 60, expireInSeconds: 5 * 60 },
  });
}
