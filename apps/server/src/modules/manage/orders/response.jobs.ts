import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import { orderEffectsDeps } from '../../commerce/orders/order-effects.ts';
import {
  ORDER_RESPONSE_QUEUE,
  type OrderResponseJob,
} from '../../commerce/orders/order-response-queue.ts';
import { runOrderResponse } from './response-sweeper.service.ts';

/**
 * The 4-hour response rule on the job engine: each placed order's job (queued when it is placed)
 * sends the reminder that fell due or auto-cancels it at its deadline, then queues its next run.
 * The queue exists in every role (api processes place orders); ROLE=api runs no worker.
 */
export const orderResponseJobsPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    await app.jobs.createQueue(ORDER_RESPONSE_QUEUE);
    const deps = orderEffectsDeps(app, config, app.log.child({ module: 'order-response' }));
    await app.jobs.work<OrderResponseJob>(ORDER_RESPONSE_QUEUE, async (job) => {
      await runOrderResponse(deps, job.data.orderId, app.now(), job.id);
    });
  },
  {
    name: 'order-response-jobs',
    fastify: '5.x',
    dependencies: ['database', 'jobs', 'payments', 'mailer', 'clock'],
  },
);
