import type { Database } from '../../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.plugin.ts';

/**
 * A payment return whose verify_payment could not be made (the provider, or the way to it, failed
 * for a moment): the shopper has paid and landed on the order page, and without this the order
 * would wait for the checkout's expiry (PAYMENT_PENDING_TIMEOUT_MINUTES) before the store heard of
 * it. The job asks again within seconds, with backoff, and settles it exactly as the return would.
 */
export const PAYMENT_RECHECK_QUEUE = 'payment-recheck';

export interface PaymentRecheckJob {
  /** The return's fields as posted (their hash is checked again when the job runs). */
  fields: Record<string, string>;
}

/** 5, 10, 20, 40, 80, 160 s: about five minutes of asking, then the checkout's expiry job goes on. */
const RECHECK_OPTIONS = { retryLimit: 6, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 };

export async function queuePaymentRecheck(
  jobs: Jobs,
  db: Database,
  fields: Record<string, string>,
  now: Date,
): Promise<void> {
  const job: PaymentRecheckJob = { fields };
  await jobs.sendAt(PAYMENT_RECHECK_QUEUE, job, {
    at: new Date(now.getTime() + 2_000),
    now,
    db,
    options: RECHECK_OPTIONS,
  });
}
