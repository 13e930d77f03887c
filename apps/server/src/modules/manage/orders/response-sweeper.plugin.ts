import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import { runSweepOnInterval } from '../../../lib/interval-sweeper.ts';
import { type ResponseSweepReport, sweepOrderResponses } from './response-sweeper.service.ts';

/** How often each instance looks for due reminders and overdue orders. */
export const RESPONSE_SWEEP_INTERVAL_MS = 60_000;

export interface OrderResponseSweeperOptions {
  config: Config;
  intervalMs?: number | undefined;
}

function worthLogging(report: ResponseSweepReport): boolean {
  return report.reminders + report.cancelled + report.failed > 0;
}

/**
 * Runs the order-response sweep (reminders every 30 business minutes, auto-cancel at the 4-hour
 * deadline) on a timer from the moment the app is ready until it closes; the same shape as the
 * payment sweeper, through the shared interval sweeper. Every instance runs one: rows are claimed
 * with SKIP LOCKED, so instances share the work.
 */
export const orderResponseSweeperPlugin = fp(
  async (app: FastifyInstance, { config, intervalMs }: OrderResponseSweeperOptions) => {
    const log = app.log.child({ module: 'order-response-sweeper' });
    const deps = {
      db: app.db,
      payments: app.payments,
      mailer: app.mailer,
      brand: { appName: config.appName, appUrl: config.appUrl },
      log,
      now: app.now,
    };
    runSweepOnInterval(app, {
      intervalMs: intervalMs ?? RESPONSE_SWEEP_INTERVAL_MS,
      log,
      sweep: () => sweepOrderResponses(deps, app.now()),
      worthLogging,
      sweptMessage: 'order responses swept',
      failedMessage: 'order response sweep failed',
    });
  },
  {
    name: 'order-response-sweeper',
    fastify: '5.x',
    dependencies: ['database', 'payments', 'mailer', 'clock'],
  },
);
