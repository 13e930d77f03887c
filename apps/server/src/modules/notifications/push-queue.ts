import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/notifications.ts';
import type { Jobs } from '../jobs/jobs.plugin.ts';

/**
 * One job per (notification, device), queued in the transaction that writes the notification, so a
 * push exists exactly when its notification does and each device retries on its own: a slow push
 * service never holds back, or repeats, another device's push.
 */
export const PUSH_QUEUE = 'push';

export interface PushJob {
  notificationId: string;
  subscriptionId: string;
}

/** Retries with backoff from 30 s (30 s, 1, 2, 4, 8, 16 min): a push later than that is stale. */
export const PUSH_JOB_OPTIONS = {
  retryLimit: 6,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 60,
} as const;

export async function queuePushJobs(
  jobs: Jobs,
  db: Database,
  target: { userId: string; notificationId: string },
  now: Date,
): Promise<number> {
  const devices = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, target.userId));
  for (const device of devices) {
    const job: PushJob = { notificationId: target.notificationId, subscriptionId: device.id };
    await jobs.sendAt(PUSH_QUEUE, job, { at: now, now, db, options: PUSH_JOB_OPTIONS });
  }
  return devices.length;
}
