import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runSweepOnInterval } from '../../../lib/interval-sweeper.ts';
import { type PaymentActionSweepReport, sweepPaymentActions } from './payment-actions.ts';

/** How often each instance looks for provider calls to retry (the first backoff is a minute). */
export const PAYMENT_ACTION_SWEEP_INTERVAL_MS = 60_000;

function worthLogging(report: PaymentActionSweepReport): boolean {
  return report.done + report.retry + report.failed > 0;
}

/**
 * Retries the provider calls order changes owe (payment_actions) on a timer, from the moment the
 * app is ready until it closes. Every instance runs one: each attempt is claimed, so instances
 * share the work.
 */
export const paymentActionSweeperPlugin = fp(
  async (app: FastifyInstance, { intervalMs }: { intervalMs?: number | undefined }) => {
    const log = app.log.child({ module: 'payment-actions' });
    runSweepOnInterval(app, {
      intervalMs: intervalMs ?? PAYMENT_ACTION_SWEEP_INTERVAL_MS,
      log,
      sweep: () => sweepPaymentActions({ db: app.db, payments: app.payments, log }, app.now()),
      worthLogging,
      sweptMessage: 'payment provider calls retried',
      failedMessage: 'payment provider call retry sweep failed',
    });
  },
  {
    name: 'payment-action-sweeper',
    fastify: '5.x',
    dependencies: ['database', 'payments', 'clock'],
  },
);
