import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { paymentActions } from '../../../db/schema/commerce.ts';
import type { Jobs } from '../../jobs/jobs.plugin.ts';
import {
  PAYMENT_ACTION_QUEUE,
  type PaymentActionJob,
  queuePaymentActionJob,
} from './payment-action-queue.ts';
import { type PaymentActionDeps, runPaymentAction } from './payment-actions.ts';

export type PaymentActionJobDeps = PaymentActionDeps & { jobs: Jobs; now: () => Date };

/**
 * One run: an attempt when the call is due (runPaymentAction claims it, so a request's attempt, an
 * admin's retry and this job never call the provider twice at once); then, while the call is still
 * owed, the next run at its next attempt time. Each run queues at most one successor, so an action
 * has one chain of jobs, which ends when the call is done or given up.
 */
export async function runPaymentActionJob(
  deps: PaymentActionJobDeps,
  { actionId }: PaymentActionJob,
  /** This run's job id: its successor is keyed by it, so a retried run queues the same one. */
  jobId: string,
): Promise<void> {
  const now = deps.now();
  await runPaymentAction(deps, actionId, now, { firstAttempt: false });
  const [action] = await deps.db
    .select({ status: paymentActions.status, nextAttemptAt: paymentActions.nextAttemptAt })
    .from(paymentActions)
    .where(eq(paymentActions.id, actionId));
  if (action?.status !== 'pending') return;
  const next = action.nextAttemptAt;
  await queuePaymentActionJob(deps.jobs, deps.db, actionId, next, deps.now(), `after:${jobId}`);
}

/** The queue exists in every role (api processes record calls too); ROLE=api runs no worker. */
export const paymentActionJobsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.jobs.createQueue(PAYMENT_ACTION_QUEUE);
    const deps: PaymentActionJobDeps = {
      db: app.db,
      payments: app.payments,
      log: app.log.child({ module: 'payment-actions' }),
      jobs: app.jobs,
      now: app.now,
    };
    await app.jobs.work<PaymentActionJob>(PAYMENT_ACTION_QUEUE, (job) =>
      runPaymentActionJob(deps, job.data, job.id),
    );
  },
  {
    name: 'payment-action-jobs',
    fastify: '5.x',
    dependencies: ['database', 'jobs', 'payments', 'clock'],
  },
);
