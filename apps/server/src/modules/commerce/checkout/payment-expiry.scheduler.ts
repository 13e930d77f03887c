import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import { type PaymentSweepReport, sweepOverduePayments } from './payment-expiry.service.ts';

/** How often each instance looks for overdue checkouts. */
export const PAYMENT_SWEEP_INTERVAL_MS = 60_000;

export interface PaymentSweeperOptions {
  config: Config;
  intervalMs?: number;
}

function worthLogging(report: PaymentSweepReport): boolean {
  return report.settled + report.released + report.deferred > 0;
}

/**
 * Runs the payment-expiry sweep on a timer from the moment the app is ready until it closes. The
 * timer is unref'd (it never keeps a finished process alive) and a tick is skipped while the last
 * sweep still runs. Every instance runs one: the sweep claims checkouts with SKIP LOCKED, so
 * instances share the work instead of repeating it.
 */
export const paymentSweeperPlugin = fp(
  async (app: FastifyInstance, { config, intervalMs }: PaymentSweeperOptions) => {
    const log = app.log.child({ module: 'payment-expiry' });
    const deps = {
      db: app.db,
      payments: app.payments,
      mailer: app.mailer,
      brand: { appName: config.appName, appUrl: config.appUrl },
      log,
      now: app.now,
    };
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;

    const tick = () => {
      if (running) return;
      running = sweepOverduePayments(deps)
        .then((report) => {
          if (worthLogging(report)) log.info({ report }, 'overdue checkouts resolved');
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'payment expiry sweep failed');
        })
        .finally(() => {
          running = undefined;
        });
    };

    app.addHook('onReady', async () => {
      timer = setInterval(tick, intervalMs ?? PAYMENT_SWEEP_INTERVAL_MS);
      timer.unref();
    });
    // Before the database closes (onClose): stop ticking and let a sweep in flight finish.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      timer = undefined;
      await running;
    });
  },
  {
    name: 'payment-sweeper',
    fastify: '5.x',
    dependencies: ['database', 'payments', 'mailer', 'clock'],
  },
);
