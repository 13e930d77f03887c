import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/outage.ts';
import { DEAL_DIGEST_CRON, DEAL_DIGEST_QUEUE, sendWeeklyDigests } from './deal-digest.ts';
import {
  DEAL_FLYER_QUEUE,
  DEAL_JOB_OPTIONS,
  DEAL_SCAN_QUEUE,
  type DealFlyerJob,
  type DealScanJob,
  scanStoreDeals,
  tellNewFlyer,
} from './deal-scan.ts';

export interface DealAlerts {
  /**
   * After an offer write committed: queue a scan of the store's followed offers (one insert; the
   * request does not wait for the comparing). A failure to queue is logged, never the request's.
   */
  storeOffersChanged(job: DealScanJob): Promise<void>;
  /** After a flyer page was added: queue the "new flyer" alert to the store's followers. */
  flyerPublished(flyerId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Deal alerts on favourites and list items: modules/lists/deal-alerts.plugin.ts. */
    dealAlerts: DealAlerts;
  }
}

/**
 * Deal alerts (issue 17) on pg-boss: the deal-scan and deal-flyer queues (sent by the offer, feed
 * and flyer write paths after their commit) and the weekly digest's cron. Every role creates the
 * queues and can send; workers run where jobs.runsWorkers.
 */
export const dealAlertsPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const log = app.log.child({ module: 'deal-alerts' });
    await app.jobs.createQueue(DEAL_SCAN_QUEUE);
    await app.jobs.createQueue(DEAL_FLYER_QUEUE);
    await app.jobs.createQueue(DEAL_DIGEST_QUEUE);

    const send = async (queue: string, data: object, db?: Database) => {
      try {
        const now = app.now();
        await app.jobs.sendAt(queue, data, { at: now, now, db, options: DEAL_JOB_OPTIONS });
        app.jobs.wake(queue);
      } catch (error) {
        // The change itself is committed and stands; the next scan of the store catches up.
        log.error({ err: error, queue }, 'deal alert job could not be queued');
      }
    };
    app.decorate('dealAlerts', {
      storeOffersChanged: (job) => send(DEAL_SCAN_QUEUE, job),
      flyerPublished: (flyerId) => send(DEAL_FLYER_QUEUE, { flyerId } satisfies DealFlyerJob),
    } satisfies DealAlerts);

    await app.jobs.work<DealScanJob>(DEAL_SCAN_QUEUE, async (job) => {
      const outcome = await scanStoreDeals(app.db, job.data, { now: app.now(), jobs: app.jobs });
      if (outcome.notified > 0)
        log.info({ businessId: job.data.businessId, ...outcome }, 'deal alerts told');
    });
    await app.jobs.work<DealFlyerJob>(DEAL_FLYER_QUEUE, async (job) => {
      await tellNewFlyer(app.db, job.data, { now: app.now(), jobs: app.jobs });
    });
    if (!app.jobs.runsWorkers) return;
    await app.jobs.boss.schedule(DEAL_DIGEST_QUEUE, DEAL_DIGEST_CRON, {}, { retryLimit: 3 });
    await app.jobs.work(DEAL_DIGEST_QUEUE, async () => {
      try {
        const run = await sendWeeklyDigests(
          app.db,
          app.mailer,
          { appName: config.appName, appUrl: config.appUrl },
          app.now(),
        );
        log.info(run, 'weekly deal digest');
      } catch (error) {
        if (isDatabaseUnavailable(error)) app.databaseOutage.backgroundFailed(error);
        throw error;
      }
    });
  },
  { name: 'deal-alerts', fastify: '5.x', dependencies: ['database', 'jobs', 'mailer'] },
);
