import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { paymentActions } from '../../../db/schema/commerce.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { PaymentProvider, ProviderActionResult } from '../../payments/payment-provider.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { signedInShopper } from '../cart/commerce-test-support.ts';
import { insertOrder } from './commerce-orders-test-support.ts';
import { users } from '../../../db/schema/accounts.ts';
import { mailTo } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/app.ts';
import { testConfig } from '../../../test/config.ts';
import { makeJobsDue, queuedJobs } from '../../../test/jobs.ts';
import { applyOrderEffects, orderEffectsDeps } from './order-effects.ts';
import { ORDER_MAIL_QUEUE } from './order-mail-queue.ts';
import { transitionOrder } from './order-transitions.ts';

/** A provider that answers only when told to: PayU hanging on a release. */
function hangingProvider() {
  let answer: (result: ProviderActionResult) => void = () => undefined;
  const unused = () => {
    throw new Error('not used');
  };
  const pending = new Promise<ProviderActionResult>((resolve) => {
    answer = resolve;
  });
  const provider: PaymentProvider = {
    name: 'hanging',
    createPayment: unused,
    authorise: unused,
    verifyCallback: unused,
    verifyPayment: unused,
    capture: () => pending,
    void: () => pending,
    refund: () => pending,
  };
  return { provider, answer: (result: ProviderActionResult) => answer(result) };
}

const brand = { appName: 'Localmart', appUrl: 'http://localhost:3000' };

for (const backend of testDatabases()) {
  describe(`order effects on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);

    it('answers after providerWaitMs when PayU hangs; the call goes on and completes later', async () => {
      const db = getDb().db;
      const shopper = await signedInShopper(db, CITY_NOW);
      const offer = [...city().offers].find((candidate) => candidate.quantity >= 5)!;
      const placed = await insertOrder(db, {
        userId: shopper.userId,
        businessId: offer.businessId,
        offerId: offer.id,
        status: 'placed',
        fulfilment: 'reserve_pickup',
        now: CITY_NOW,
        payment: { mode: 'preauth', status: 'authorised', providerRef: 'payu-hang' },
      });
      const change = await transitionOrder(db, {
        orderId: placed.orderId,
        to: 'cancelled',
        actor: 'shopper',
        now: CITY_NOW,
      });
      const { provider, answer } = hangingProvider();
      const sent: string[] = [];
      const mailer = {
        kind: 'outbox',
        send: async (message: { subject: string }) => {
          sent.push(message.subject);
          return true;
        },
      } as unknown as Mailer;
      const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
      log.info.mockReturnValue(undefined);
      const deps = {
        db,
        payments: provider,
        mailer,
        brand,
        log: { ...log, child: () => log } as unknown as FastifyBaseLogger,
        now: () => CITY_NOW,
        providerWaitMs: 50,
      };

      // Answers although the provider has not: the shopper is told, the call is still on its way.
      await applyOrderEffects(deps, [change]);
      expect(log.warn).toHaveBeenCalledWith(
        { orderId: placed.orderId },
        expect.stringContaining('payment provider slow'),
      );
      expect(sent).toHaveLength(1);
      const action = async () =>
        (
          await db.select().from(paymentActions).where(eq(paymentActions.orderId, placed.orderId))
        )[0]!;
      expect((await action()).status).toBe('pending');

      // PayU answers later: the release is booked without anyone waiting for it.
      answer({ ok: true, message: 'Cancelled Request Queued' });
      await vi.waitFor(async () => expect((await action()).status).toBe('done'));
    });

    describe('the shopper is emailed once per change, even when the process dies after the commit', () => {
      const makeApp = useTestApp(getDb);

      async function cancelledOrder(app: FastifyInstance) {
        const db = getDb().db;
        const shopper = await signedInShopper(db, CITY_NOW);
        const offer = [...city().offers].find((candidate) => candidate.quantity >= 5)!;
        const placed = await insertOrder(db, {
          userId: shopper.userId,
          businessId: offer.businessId,
          offerId: offer.id,
          status: 'placed',
          fulfilment: 'reserve_pickup',
          now: CITY_NOW,
        });
        const change = await transitionOrder(db, {
          orderId: placed.orderId,
          to: 'cancelled',
          actor: 'shopper',
          now: CITY_NOW,
          jobs: app.jobs,
        });
        const [user] = await db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, shopper.userId));
        const subjects = async () =>
          (await mailTo(db, user!.email)).map((message) => message.subject);
        return { db, change, subjects };
      }

      it('the request sends it and takes its safety-net job back', async () => {
        const app = await makeApp({ jobs: { pollingIntervalSeconds: 0.5 } });
        const { db, change, subjects } = await cancelledOrder(app);
        expect(change.mailJobId).toBeTruthy();
        await applyOrderEffects(orderEffectsDeps(app, testConfig()), [change]);
        expect(await subjects()).toEqual([expect.stringMatching(/cancelled/i)]);
        expect(await queuedJobs(db, ORDER_MAIL_QUEUE, { orderId: change.orderId })).toEqual([]);
      });

      it('the job sends it when the request never did (a crash after the commit)', async () => {
        const app = await makeApp({ jobs: { pollingIntervalSeconds: 0.5 } });
        const { db, change, subjects } = await cancelledOrder(app);
        expect(await subjects()).toEqual([]);
        expect(await makeJobsDue(db, ORDER_MAIL_QUEUE, { orderId: change.orderId })).toBe(1);
        await expect.poll(subjects).toEqual([expect.stringMatching(/cancelled/i)]);
        // A late request (the worker already has it) does not send a second one.
        await applyOrderEffects(orderEffectsDeps(app, testConfig()), [change]);
        expect(await subjects()).toHaveLength(1);
      });
    });
  });
}
