import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import { orderEffectsDeps } from '../orders/order-effects.ts';
import { PAYMENT_RECHECK_QUEUE, type PaymentRecheckJob } from './payment-recheck-queue.ts';
import { handlePaymentReturn } from './payment-return.service.ts';

/** Thrown for pg-boss to retry: the provider still cannot confirm. */
export class PaymentStillUnconfirmed extends Error {}

/** The queue exists in every role (the return is an API request); ROLE=api runs no worker. */
export const paymentRecheckJobsPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    await app.jobs.createQueue(PAYMENT_RECHECK_QUEUE);
    const deps = orderEffectsDeps(app, config, app.log.child({ module: 'payment-recheck' }));
    await app.jobs.work<PaymentRecheckJob>(PAYMENT_RECHECK_QUEUE, async (job) => {
      const result = await handlePaymentReturn(deps, job.data.fields, { recheck: true });
      if (result.rejected === 'verify_payment unavailable') {
        throw new PaymentStillUnconfirmed('verify_payment is still unavailable');
      }
    });
  },
  {
    name: 'payment-recheck-jobs',
    fastify: '5.x',
    dependencies: ['database', 'jobs', 'payments', 'mailer', 'clock'],
  },
);
