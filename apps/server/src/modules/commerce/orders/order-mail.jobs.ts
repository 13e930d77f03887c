import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import { mailOrderChange, orderEffectsDeps } from './order-effects.ts';
import { ORDER_MAIL_QUEUE, type OrderMailJob } from './order-mail-queue.ts';

/**
 * The safety net of order emails (order-mail-queue.ts): a job still queued when it falls due means
 * the request that changed the order never sent its email (the process died), so the worker does.
 */
export const orderMailJobsPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    await app.jobs.createQueue(ORDER_MAIL_QUEUE);
    const deps = orderEffectsDeps(app, config, app.log.child({ module: 'order-mail' }));
    await app.jobs.work<OrderMailJob>(ORDER_MAIL_QUEUE, async (job) => {
      await deps.db.transaction((tx) =>
        mailOrderChange(deps, tx, { orderId: job.data.orderId, to: job.data.status }),
      );
    });
  },
  { name: 'order-mail-jobs', fastify: '5.x', dependencies: ['database', 'jobs', 'mailer'] },
);
