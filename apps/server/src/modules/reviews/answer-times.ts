import { ANSWER_TIME_MIN_SAMPLE, ANSWER_TIME_WINDOW_DAYS } from '@localmart/contract';
import { type AnyColumn, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/outage.ts';
import { businessAnswerTimes } from '../../db/schema/reviews.ts';
import { executeRows } from '../catalog/search/execute-rows.ts';

/** The pg-boss queue of the answer-time refresh, and its cron (every 15 minutes). */
export const ANSWER_TIMES_QUEUE = 'answer-times';
export const ANSWER_TIMES_CRON = '*/15 * * * *';

/**
 * Recomputes every store's answer time from its real answers (ADR 0016): for each order placed in
 * the last ANSWER_TIME_WINDOW_DAYS that the store accepted or declined, the minutes from placed to
 * that first answer (the order's timeline, order_events, by the store); the median per store when it
 * has at least ANSWER_TIME_MIN_SAMPLE answers. Stores below the sample lose their row, so the badge
 * says nothing rather than something stale. One set-based statement per run, in one transaction.
 */
export async function refreshAnswerTimes(db: Database, now: Date): Promise<void> {
  const since = new Date(now.getTime() - ANSWER_TIME_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  await db.transaction(async (tx) => {
    await executeRows<{ business_id: string }>(
      tx,
      sql`
      with answers as (
        select o.business_id,
               extract(epoch from (min(e.at) - coalesce(o.placed_at, o.created_at))) / 60.0 as minutes
        from orders o
        join order_events e on e.order_id = o.id
        where coalesce(o.placed_at, o.created_at) >= ${since.toISOString()}::timestamptz
          and coalesce(o.placed_at, o.created_at) <= ${now.toISOString()}::timestamptz
          and e.status in ('accepted', 'declined')
          and e.actor = 'store'
        group by o.id, o.business_id, o.placed_at, o.created_at
      ),
      stats as (
        select business_id,
               percentile_cont(0.5) within group (order by greatest(minutes, 0)) as median,
               count(*)::int as sample
        from answers
        group by business_id
        having count(*) >= ${ANSWER_TIME_MIN_SAMPLE}
      ),
      upserted as (
        insert into business_answer_times (business_id, median_minutes, sample_size, computed_at)
        select business_id, median, sample, ${now.toISOString()}::timestamptz from stats
        on conflict (business_id) do update
          set median_minutes = excluded.median_minutes,
              sample_size = excluded.sample_size,
              computed_at = excluded.computed_at
        returning business_id
      )
      delete from business_answer_times t
      where not exists (select 1 from stats s where s.business_id = t.business_id)
      returning t.business_id`,
    );
  });
}

/**
 * A store's median answer time (minutes, unrounded: answerMinutesFrom rounds as answerTimesOf does)
 * as a column of a list's own statement; null when it has none.
 */
export function answerMinutesSql(businessId: SQL | AnyColumn): SQL<number | null> {
  return sql<number | null>`(select ${businessAnswerTimes.medianMinutes} from ${businessAnswerTimes}
    where ${businessAnswerTimes.businessId} = ${businessId})`;
}

/** answerMinutesSql's value as a card shows it (whole minutes). */
export function answerMinutesFrom(minutes: number | null): number | null {
  return minutes === null ? null : Math.round(minutes);
}

/** Each store's median answer minutes among `ids` (absent: too few answers to say anything). */
export async function answerTimesOf(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({ id: businessAnswerTimes.businessId, minutes: businessAnswerTimes.medianMinutes })
    .from(businessAnswerTimes)
    .where(inArray(businessAnswerTimes.businessId, [...new Set(ids)]));
  for (const row of rows) found.set(row.id, Math.round(row.minutes));
  return found;
}

/**
 * The refresh on pg-boss's cron: one job per slot across all processes, worked where workers run.
 * The window slides with time alone (an answer 31 days old stops counting with no event), hence a
 * cron and not a hook on accept/decline.
 */
export const answerTimesJobsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.jobs.createQueue(ANSWER_TIMES_QUEUE);
    if (!app.jobs.runsWorkers) return;
    await app.jobs.boss.schedule(ANSWER_TIMES_QUEUE, ANSWER_TIMES_CRON, {}, { retryLimit: 0 });
    await app.jobs.work(ANSWER_TIMES_QUEUE, async () => {
      try {
        await refreshAnswerTimes(app.db, app.now());
      } catch (error) {
        if (isDatabaseUnavailable(error)) app.databaseOutage.backgroundFailed(error);
        else throw error;
      }
    });
  },
  { name: 'answer-times-jobs', fastify: '5.x', dependencies: ['database', 'jobs', 'clock'] },
);
