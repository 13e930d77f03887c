import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rateLimitCounters } from '../../db/schema/index.ts';
import type { RateLimitStore } from './rate-limit-store.ts';

/**
 * Counters in the `rate_limit_counters` table: one atomic upsert per hit. A row whose window has
 * ended is restarted at 1 by the same statement, so there is never a read-then-write race between
 * instances.
 */
export function postgresRateLimitStore(db: Database): RateLimitStore {
  return {
    async hit(key, windowSeconds, now) {
      const resetAt = new Date(now.getTime() + windowSeconds * 1000);
      const expired = sql`${rateLimitCounters.resetAt} <= ${now.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
            resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
          },
        })
        .returning({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt });
      if (!row) throw new Error(`rate limit upsert of ${key} returned no row`);
      return row;
    },
    async sweep(now) {
      await db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetAt, now));
    },
    // The database belongs to the app.
    close: async () => undefined,
  };
}
