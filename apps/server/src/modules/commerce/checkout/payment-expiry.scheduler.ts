import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import { runSweepOnInterval } from '../../../lib/interval-sweeper.ts';
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
 * Runs the payment-expiry sweep on a timer from the moment the app is ready until it closes (see
 * runSweepOnInterval: unref'd timer, no overlapping sweeps). Every instance runs one: the sweep
 * claims checkouts with SKIP LOCKED, so instances share the work instead of repeating it.
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
    runSweepOnInterval(app, {
      intervalMs: intervalMs ?? PAYMENT_SWEEP_INTERVAL_MS,
      log,
      sweep: () => sweepOverduePayments(deps),
      worthLogging,
      sweptMessage: 'overdue checkouts resolved',
      failedMessage: 'payment expiry sweep failed',
    });
  },
  {
    name: 'payment-sweeper',
    fastify: '5.x',
    dependencies: ['database', 'payments', 'mailer', 'clock'],
  },
);
