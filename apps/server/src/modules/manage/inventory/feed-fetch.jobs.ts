import {
  FEED_FETCH_MAX_BYTES,
  FEED_FETCH_TIMEOUT_MS,
  feedFetchMessages,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { isDatabaseUnavailable } from '../../../db/outage.ts';
import { inventoryFeedFetches } from '../../../db/schema/index.ts';
import type { FeedFetchLimits, FeedUrlPolicy } from './feed-fetch-http.ts';
import { type RunFetchDeps, queueDueFetches, runFetch } from './feed-fetch.service.ts';

/** One job per run of a store's feed fetch (docs/decisions/0023). */
export const FEED_FETCH_QUEUE = 'feed-fetch';
/** pg-boss's cron: queues the runs of the schedules that are due. */
export const FEED_FETCH_DUE_QUEUE = 'feed-fetch-due';
/** Every minute: an hourly schedule runs within a minute of its time. */
export const FEED_FETCH_DUE_CRON = '* * * * *';

export interface FeedFetchJob {
  fetchId: string;
}

export interface FeedFetchOptions {
  /** The whole exchange with the feed's server (default FEED_FETCH_TIMEOUT_MS; tests make it short). */
  timeoutMs?: number;
  maxBytes?: number;
}

export interface FeedFetches {
  readonly policy: FeedUrlPolicy;
  /** Queue the run's job inside `tx`, the transaction that inserts the run. */
  enqueue(tx: Database, fetchId: string): Promise<void>;
  /** After the commit: this process's worker starts now instead of at its next poll. */
  wake(): void;
  /** The cron's work, callable directly (tests make a schedule due and call it). */
  queueDue(now: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Scheduled feed fetch: modules/manage/inventory/feed-fetch.jobs.ts. */
    feedFetches: FeedFetches;
  }
}

/**
 * Runs as pg-boss jobs, no timers of our own: the `feed-fetch-due` cron (one job per minute across
 * all processes) queues each due schedule's run, and a `feed-fetch` job per run fetches and applies
 * it. A run is not retried by pg-boss: a failure is recorded in words and the schedule tries again
 * at its next time (a retry minutes later would mostly meet the same broken address); a worker that
 * died leaves a run that the next run for the store closes as interrupted.
 */
export const feedFetchJobsPlugin = fp(
  async (
    app: FastifyInstance,
    { config, options = {} }: { config: Config; options?: FeedFetchOptions },
  ) => {
    const log = app.log.child({ module: 'feed-fetch' });
    const policy: FeedUrlPolicy = { allowInsecureLoopback: config.feedUrlAllowInsecureLoopback };
    const limits: FeedFetchLimits = {
      timeoutMs: options.timeoutMs ?? FEED_FETCH_TIMEOUT_MS,
      maxBytes: options.maxBytes ?? FEED_FETCH_MAX_BYTES,
    };
    await app.jobs.createQueue(FEED_FETCH_QUEUE);
    await app.jobs.createQueue(FEED_FETCH_DUE_QUEUE);

    const enqueue = async (tx: Database, fetchId: string) => {
      const job: FeedFetchJob = { fetchId };
      await app.jobs.boss.send(FEED_FETCH_QUEUE, job, {
        db: app.jobs.db(tx),
        retryLimit: 0,
        // The fetch has FEED_FETCH_TIMEOUT_MS; checking and applying 100,000 rows takes seconds.
        expireInSeconds: 15 * 60,
      });
    };
    const feedFetches: FeedFetches = {
      policy,
      enqueue,
      wake: () => app.jobs.wake(FEED_FETCH_QUEUE),
      async queueDue(now) {
        const queued = await queueDueFetches(app.db, now, enqueue);
        if (queued > 0) app.jobs.wake(FEED_FETCH_QUEUE);
        return queued;
      },
    };
    app.decorate('feedFetches', feedFetches);

    if (!app.jobs.runsWorkers) return;
    const deps: RunFetchDeps = {
      db: app.db,
      now: () => app.now(),
      policy,
      limits,
      batchRows: app.feedImports.batchRows,
      offersChanged: (businessId) => app.dealAlerts.storeOffersChanged({ businessId }),
      log,
    };
    await app.jobs.boss.schedule(FEED_FETCH_DUE_QUEUE, FEED_FETCH_DUE_CRON, {}, { retryLimit: 0 });
    await app.jobs.work(FEED_FETCH_DUE_QUEUE, async () => {
      try {
        await feedFetches.queueDue(app.now());
      } catch (error) {
        if (isDatabaseUnavailable(error)) app.databaseOutage.backgroundFailed(error);
        else throw error;
      }
    });
    await app.jobs.work<FeedFetchJob>(FEED_FETCH_QUEUE, async (job) => {
      const { fetchId } = job.data;
      try {
        await runFetch(deps, fetchId);
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          app.databaseOutage.backgroundFailed(error);
          throw error;
        }
        log.error({ err: error, fetchId }, 'feed fetch run failed');
        // The apply is one transaction: nothing of it was written. The owner reads why in words.
        await app.db
          .update(inventoryFeedFetches)
          .set({ status: 'failed', finishedAt: app.now(), message: feedFetchMessages.applyFailed })
          .where(eq(inventoryFeedFetches.id, fetchId));
      }
    });
  },
  {
    name: 'feed-fetch-jobs',
    fastify: '5.x',
    dependencies: ['jobs', 'database', 'feed-import-jobs', 'deal-alerts'],
  },
);
