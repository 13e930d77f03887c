import type { Database } from '../../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.plugin.ts';

/**
 * The pg-boss queue of the 4-hour response rule (spec §9): one job per placed order, due at its next
 * reminder or deadline warning or, after the last one, at its deadline. The worker lives with the store's orders
 * (manage/orders/response.jobs.ts); placing an order queues the first run here.
 */
export const ORDER_RESPONSE_QUEUE = 'order-response';

export interface OrderResponseJob {
  orderId: string;
}

/**
 * When an order waiting for its store next needs the rule: a reminder, the "30 minutes left"
 * warning (issue 14), or the deadline itself, whichever comes first.
 */
export function nextResponseCheck(order: {
  nextReminderAt: Date | null;
  responseDueAt: Date | null;
  deadlineWarningAt?: Date | null;
}): Date | null {
  const { nextReminderAt, responseDueAt, deadlineWarningAt = null } = order;
  if (!responseDueAt) return null;
  let next = responseDueAt;
  for (const at of [nextReminderAt, deadlineWarningAt]) {
    if (at && at < next) next = at;
  }
  return next;
}

/** Queues the order's next run of the rule, inside `db` (the transaction that set its times). */
export async function queueOrderResponseJob(
  jobs: Jobs,
  db: Database,
  orderId: string,
  at: Date,
  now: Date,
  /** Why this job (`placed`, `after:<job id>`): one job per order and reason. */
  reason: string,
): Promise<void> {
  const job: OrderResponseJob = { orderId };
  await jobs.sendAt(ORDER_RESPONSE_QUEUE, job, {
    at,
    now,
    db,
    // A run retried after queuing its successor queues no second one (same reason, same job).
    key: `${orderId}@${reason}`,
    options: { retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
  });
}
