import type { OrderStatus } from '@localmart/contract';
import type { Database } from '../../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.plugin.ts';

/**
 * The shopper's email about an order's new status is owed by the transaction that changes it: a job
 * on this queue is queued with the change, due ORDER_MAIL_SAFETY_MS later. The request that made
 * the change sends the email itself right after its provider calls (order-effects.ts) and takes the
 * job back in the same transaction; if the process died first, the job sends it. Either way once.
 */
export const ORDER_MAIL_QUEUE = 'order-mail';

/** Longer than any request's wait for the provider (PROVIDER_WAIT_MS, 30 s in tests) and its email. */
export const ORDER_MAIL_SAFETY_MS = 2 * 60_000;

export interface OrderMailJob {
  orderId: string;
  /** The status the email is about. */
  status: OrderStatus;
}

export async function queueOrderMailJob(
  jobs: Jobs,
  db: Database,
  job: OrderMailJob,
  now: Date,
): Promise<string | null> {
  return jobs.sendAt(ORDER_MAIL_QUEUE, job, {
    at: new Date(now.getTime() + ORDER_MAIL_SAFETY_MS),
    now,
    db,
    options: { retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
  });
}
