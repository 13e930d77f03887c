import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config.ts';
import { isDatabaseUnavailable } from './db/outage.ts';
import { sweepOverduePayments } from './modules/commerce/checkout/payment-expiry.service.ts';
import { orderEffectsDeps } from './modules/commerce/orders/order-effects.ts';
import { sweepPaymentActions } from './modules/commerce/orders/payment-actions.ts';
import { sweepOrderResponses } from './modules/manage/orders/response-sweeper.service.ts';

/** The pg-boss queue of the reconciliation run, and its cron (every 5 minutes). */
export const RECONCILE_QUEUE = 'reconcile';
export const RECONCILE_CRON = '*/5 * * * *';

export interface ReconcileReport {
  checkouts: Awaited<ReturnType<typeof sweepOverduePayments>>;
  responses: Awaited<ReturnType<typeof sweepOrderResponses>>;
  paymentActions: Awaited<ReturnType<typeof sweepPaymentActions>>;
}

/**
 * The safety net behind the per-item jobs (checkout-expiry, order-response, payment-action): every
 * overdue unpaid checkout, due reminder or deadline, and due provider call, whatever its job's fate
 * (rows written before the jobs existed, a job given up after its retries, a path that recorded
 * work without queuing it). Each sweep claims its rows (SKIP LOCKED, or the payment action's claim),
 * so it never does twice what a job is doing.
 */
export async function reconcileOnce(
  app: FastifyInstance,
  config: Config,
): Promise<ReconcileReport> {
  const deps = orderEffectsDeps(app, config, app.log.child({ module: 'reconcile' }));
  return {
    checkouts: await sweepOverduePayments(deps),
    responses: await sweepOrderResponses(deps, app.now()),
    paymentActions: await sweepPaymentActions(deps, app.now()),
  };
}

function somethingHappened(report: ReconcileReport): boolean {
  const { checkouts: c, responses: r, paymentActions: p } = report;
  return c.settled + c.released + c.deferred + r.reminders + r.cancelled + r.failed > 0
    ? true
    : p.done + p.retry + p.failed > 0;
}

/**
 * Registers the reconciliation on pg-boss's cron: every RECONCILE_CRON slot becomes one job across
 * all processes (pg-boss's schedule), worked by a process that runs workers. Quiet when nothing was
 * found: a report worth reading means some job did not do its work in time.
 */
export const reconcilePlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    await app.jobs.createQueue(RECONCILE_QUEUE);
    if (!app.jobs.runsWorkers) return;
    await app.jobs.boss.schedule(RECONCILE_QUEUE, RECONCILE_CRON, {}, { retryLimit: 0 });
    const log = app.log.child({ module: 'reconcile' });
    await app.jobs.work(RECONCILE_QUEUE, async () => {
      try {
        const report = await reconcileOnce(app, config);
        if (somethingHappened(report))
          log.info({ report }, 'reconciliation found work no job had done');
      } catch (error) {
        // An unreachable database is the outage's one warning (db/outage.ts); the next slot retries.
        if (isDatabaseUnavailable(error)) app.databaseOutage.backgroundFailed(error);
        else throw error;
      }
    });
  },
  { name: 'reconcile', fastify: '5.x', dependencies: ['database', 'jobs', 'payments', 'mailer'] },
);
