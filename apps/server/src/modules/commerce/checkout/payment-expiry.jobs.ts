import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import { checkouts } from '../../../db/schema/commerce.ts';
import type { Jobs } from '../../jobs/jobs.plugin.ts';
import { orderEffectsDeps } from '../orders/order-effects.ts';
import {
  CHECKOUT_EXPIRY_QUEUE,
  type CheckoutExpiryJob,
  checkoutExpiresAt,
  queueCheckoutExpiryJob,
} from './checkout-expiry-queue.ts';
import {
  type CheckoutSweepResult,
  type PaymentExpiryDeps,
  resolveCheckout,
} from './payment-expiry.service.ts';

/** Thrown for pg-boss to retry: the provider could not be asked, so the checkout is not released. */
export class CheckoutDeferred extends Error {}

/**
 * One run of a checkout's job: nothing once it is paid or released; not due yet (the app's clock
 * moved back), queued again for its time; else settled on the provider's word or released. A
 * provider that cannot be asked throws, so pg-boss tries again (unknown is not failed).
 */
export async function runCheckoutExpiry(
  deps: PaymentExpiryDeps & { jobs: Jobs },
  checkoutId: string,
  /** This run's job id: an early run's successor is keyed by it (once, even when retried). */
  jobId: string,
): Promise<CheckoutSweepResult | 'waiting'> {
  const [checkout] = await deps.db
    .select({ createdAt: checkouts.createdAt })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId));
  if (!checkout) return 'skipped';
  const now = deps.now();
  if (checkoutExpiresAt(checkout.createdAt).getTime() > now.getTime()) {
    const { createdAt } = checkout;
    await queueCheckoutExpiryJob(deps.jobs, deps.db, checkoutId, createdAt, now, `after:${jobId}`);
    return 'waiting';
  }
  const result = await resolveCheckout(deps, checkoutId);
  if (result === 'deferred') throw new CheckoutDeferred('the payment provider could not be asked');
  return result;
}

/** The queue exists in every role (api processes place checkouts); ROLE=api runs no worker. */
export const checkoutExpiryJobsPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    await app.jobs.createQueue(CHECKOUT_EXPIRY_QUEUE);
    const deps = orderEffectsDeps(app, config, app.log.child({ module: 'payment-expiry' }));
    await app.jobs.work<CheckoutExpiryJob>(CHECKOUT_EXPIRY_QUEUE, async (job) => {
      await runCheckoutExpiry(deps, job.data.checkoutId, job.id);
    });
  },
  {
    name: 'checkout-expiry-jobs',
    fastify: '5.x',
    dependencies: ['database', 'jobs', 'payments', 'mailer', 'clock'],
  },
);
