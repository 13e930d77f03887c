import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import { orderEffectsDeps } from '../orders/order-effects.ts';
import { expireSubstitution } from './order-changes.service.ts';
import {
  queueSubstitutionExpiry,
  SUBSTITUTION_EXPIRY_QUEUE,
  type SubstitutionExpiryJob,
} from './substitution-expiry-queue.ts';

/** A minute: how soon a run that came before its time box ended looks again. */
const EARLY_RETRY_MS = 60_000;

/**
 * The substitution time box on the job engine: when a proposal's time to answer ends, the line's
 * preference applies (order-changes.service.ts). A run that comes early (clocks) queues itself again.
 */
export const substitutionExpiryJobsPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    await app.jobs.createQueue(SUBSTITUTION_EXPIRY_QUEUE);
    const deps = orderEffectsDeps(app, config, app.log.child({ module: 'substitution-expiry' }));
    await app.jobs.work<SubstitutionExpiryJob>(SUBSTITUTION_EXPIRY_QUEUE, async (job) => {
      const now = app.now();
      const outcome = await expireSubstitution(deps, job.data.substitutionId, now);
      if (outcome === 'early') {
        await queueSubstitutionExpiry(
          app.jobs,
          app.db,
          job.data.substitutionId,
          new Date(now.getTime() + EARLY_RETRY_MS),
          now,
          `after:${job.id}`,
        );
      }
    });
  },
  {
    name: 'substitution-expiry-jobs',
    fastify: '5.x',
    dependencies: ['database', 'jobs', 'payments', 'mailer', 'clock'],
  },
);
