import type { Database } from '../../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.plugin.ts';

/** The pg-boss queue that makes (and retries) the provider calls order changes owe. */
export const PAYMENT_ACTION_QUEUE = 'payment-action';

/** Waits before the 2nd, 3rd, ... attempt; after the last one the action is given up (failed). */
export const PAYMENT_ACTION_BACKOFF_MS = [
  60_000,
  5 * 60_000,
  15 * 60_000,
  60 * 60_000,
  6 * 60 * 60_000,
] as const;

export interface PaymentActionJob {
  actionId: string;
}

/**
 * The job behind one recorded call (payment_actions), queued in the transaction that records it.
 * The request that caused it makes the first attempt right after its commit (order-effects.ts), so
 * the job is due one backoff step later: it finds the call done (nothing to do), failed (it makes
 * the retry when due) or never made (the process died after the commit: it makes it now).
 */
export async function queuePaymentActionJob(
  jobs: Jobs,
  db: Database,
  actionId: string,
  at: Date,
  now: Date,
  /** Why this job (`recorded`, `after:<job id>`, `retry:<time>`): one job per call and reason. */
  reason: string,
): Promise<void> {
  const job: PaymentActionJob = { actionId };
  await jobs.sendAt(PAYMENT_ACTION_QUEUE, job, {
    at,
    now,
    db,
    // A run retried after queuing its successor queues no second one (same reason, same job).
    key: `${actionId}@${reason}`,
    // A worker that dies mid-call: the job expires and runs again (the action's claim has a lease).
    options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 10 * 60 },
  });
}

/** The first check of a call just recorded: one backoff step after the in-request attempt. */
export function firstCheckAt(now: Date): Date {
  return new Date(now.getTime() + PAYMENT_ACTION_BACKOFF_MS[0]);
}
