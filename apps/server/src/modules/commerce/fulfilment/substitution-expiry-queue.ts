import type { Database } from '../../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.plugin.ts';

/**
 * The pg-boss queue of the substitution time box (issue 15): one job per proposed substitute, due
 * when the shopper's time to answer ends, queued in the transaction that proposes it.
 */
export const SUBSTITUTION_EXPIRY_QUEUE = 'substitution-expiry';

export interface SubstitutionExpiryJob {
  substitutionId: string;
}

export async function queueSubstitutionExpiry(
  jobs: Jobs,
  db: Database,
  substitutionId: string,
  at: Date,
  now: Date,
  reason = 'proposed',
): Promise<void> {
  const job: SubstitutionExpiryJob = { substitutionId };
  await jobs.sendAt(SUBSTITUTION_EXPIRY_QUEUE, job, {
    at,
    now,
    db,
    key: `${substitutionId}@${reason}`,
    options: { retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
  });
}
