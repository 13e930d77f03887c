import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../../db/client.ts';
import {
  FEED_IMPORT_BATCH_ROWS,
  failFeedImport,
  type RunFeedImportOptions,
  runFeedImport,
} from './feed-import.service.ts';

/** The pg-boss queue of inventory feed imports: one job per import (docs/decisions/0010). */
export const FEED_IMPORT_QUEUE = 'feed-import';

export interface FeedImportJob {
  importId: string;
}

export interface FeedImportOptions {
  /** Rows per batch (default FEED_IMPORT_BATCH_ROWS; tests make it small to see progress). */
  batchRows?: number;
  /** Retries after a failed attempt, and the first wait in seconds (doubling): default 8 from 5 s. */
  retry?: { limit: number; delaySeconds: number };
  /** After each batch committed, in the worker (tests stop a worker halfway here). */
  afterBatch?: RunFeedImportOptions['afterBatch'];
}

export interface FeedImports {
  readonly batchRows: number;
  /** Queue the import's job inside `tx`, the transaction that stores the import. */
  enqueue(tx: Database, importId: string): Promise<void>;
  /** After the commit: this process's worker starts now instead of at its next poll. */
  wake(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Inventory feed imports as jobs: modules/manage/inventory/feed-import.jobs.ts. */
    feedImports: FeedImports;
  }
}

/**
 * Large feeds are applied by a worker, a batch per transaction, while the owner watches the
 * progress. A failed attempt (the database went away, the process was stopped) is retried with
 * backoff and goes on from the first batch left; a worker killed outright has its job expired and
 * retried after `expireInSeconds`. After the last retry the import is `failed`, with words for the
 * owner. Every role creates the queue (ROLE=api only sends); workers run where jobs.runsWorkers.
 */
export const feedImportJobsPlugin = fp(
  async (app: FastifyInstance, { options = {} }: { options?: FeedImportOptions }) => {
    const retry = options.retry ?? { limit: 8, delaySeconds: 5 };
    const log = app.log.child({ module: 'feed-import' });
    await app.jobs.createQueue(FEED_IMPORT_QUEUE);

    app.decorate('feedImports', {
      batchRows: options.batchRows ?? FEED_IMPORT_BATCH_ROWS,
      async enqueue(tx, importId) {
        const job: FeedImportJob = { importId };
        await app.jobs.boss.send(FEED_IMPORT_QUEUE, job, {
          db: app.jobs.db(tx),
          retryLimit: retry.limit,
          retryDelay: retry.delaySeconds,
          retryBackoff: true,
          // A batch takes well under a second; 100,000 rows are 200 of them. A worker that died
          // mid-import has its job retried after this (a live one never applies a batch twice).
          expireInSeconds: 15 * 60,
        });
      },
      wake: () => app.jobs.wake(FEED_IMPORT_QUEUE),
    } satisfies FeedImports);

    await app.jobs.work<FeedImportJob>(FEED_IMPORT_QUEUE, async (job) => {
      const { importId } = job.data;
      try {
        const finished = await runFeedImport(app.db, importId, {
          now: () => app.now(),
          ...(options.afterBatch ? { afterBatch: options.afterBatch } : {}),
        });
        // The feed's price drops and restocks, for the shoppers who follow them (modules/lists).
        await app.dealAlerts.storeOffersChanged({ businessId: finished.businessId });
      } catch (error) {
        const attempt = await app.jobs.boss.getJobById(FEED_IMPORT_QUEUE, job.id);
        const lastAttempt = !attempt || attempt.retryCount >= attempt.retryLimit;
        log.error(
          { err: error, importId, jobId: job.id },
          lastAttempt
            ? 'feed import failed for good; its applied batches stay'
            : 'feed import attempt failed; it is retried from the first batch left',
        );
        if (lastAttempt) await failFeedImport(app.db, importId, app.now());
        throw error;
      }
    });
  },
  { name: 'feed-import-jobs', fastify: '5.x', dependencies: ['jobs', 'database'] },
);
