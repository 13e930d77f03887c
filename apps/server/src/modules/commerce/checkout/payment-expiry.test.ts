import { randomUUID } from 'node:crypto';
import {
  type CheckoutView,
  commerceMessages as m,
  commercePaths,
  type FulfilmentMethod,
  hostedPaymentFormResponse,
  PAYMENT_PENDING_TIMEOUT_MINUTES,
  payuSimulatorPaths,
} from '@localmart/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/accounts.ts';
import { cartItems, orderEvents, payuSimTransactions } from '../../../db/schema/commerce.ts';
import { mailTo } from '../../../test/accounts.ts';
import { type TestAppOptions, useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import type { DemoOffer } from '../../catalog/demo/types.ts';
import { PaymentProviderError } from '../../payments/payment-provider.ts';
import { formPost, readPageForm } from '../../payments/simulator/pay-in-simulator.ts';
import { TEST_CARD } from '../../payments/simulator/simulator-pages.ts';
import {
  cityShelf,
  type Shopper,
  type ShopperClient,
  shopperWithClient,
} from '../cart/commerce-test-support.ts';
import { offerQuantity } from '../orders/commerce-orders-test-support.ts';
import {
  addProduct,
  listenOnFreePort,
  payAndReturn,
  payNext,
  postReturn,
  setStock,
  setStoreTerms,
  unusedStoreOffer,
  viewOf,
} from './checkout-test-support.ts';
import { makeJobsDue, queuedJobs } from '../../../test/jobs.ts';
import { CHECKOUT_EXPIRY_QUEUE } from './checkout-expiry-queue.ts';
import { PAYMENT_RECHECK_QUEUE } from './payment-recheck-queue.ts';
import {
  type PaymentExpiryDeps,
  type PaymentSweepReport,
  sweepOverduePayments,
} from './payment-expiry.service.ts';

const MINUTE = 60_000;
const TIMEOUT_MS = PAYMENT_PENDING_TIMEOUT_MINUTES * MINUTE;
const STOCK = 20;
const NOTHING: PaymentSweepReport = { settled: 0, released: 0, deferred: 0, skipped: 0 };

for (const backend of testDatabases()) {
  describe(`payment expiry on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const city = useCatalogCity(getDb);
    const shelf = cityShelf(city);
    const usedStores = new Set<string>();
    /** The app's clock: checkouts are placed at CITY_NOW, sweeps run later. */
    let now = CITY_NOW;
    const at = (ms: number) => new Date(CITY_NOW.getTime() + ms);

    /** The app listens: the payment adapter asks the simulator's merchant API over HTTP. */
    async function listeningApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
      now = CITY_NOW;
      return (await listenOnFreePort(makeApp, { ...options, now: () => now })).app;
    }

    function depsOf(app: FastifyInstance): PaymentExpiryDeps {
      return {
        db: app.db,
        payments: app.payments,
        mailer: app.mailer,
        brand: { appName: 'Localmart', appUrl: 'http://localhost:3000' },
        log: app.log,
        now: () => now,
      };
    }

    /** A product of a store no other test uses, with every fulfilment method on and STOCK units. */
    async function storeOffer(): Promise<DemoOffer> {
      const offer = unusedStoreOffer(shelf, usedStores);
      await setStoreTerms(getDb().db, offer.businessId, {
        fulfilment: { reservePickup: true, buyOnlinePickup: true, sameDayDelivery: false },
        delivery: null,
        taxRateBps: 1300,
      });
      await setStock(getDb().db, offer.id, STOCK);
      return offer;
    }

    interface Placed {
      who: Shopper;
      api: ShopperClient;
      view: CheckoutView;
      offers: DemoOffer[];
    }

    /** A shopper's checkout at CITY_NOW: one unit from each store, the given methods in order. */
    async function place(
      app: FastifyInstance,
      methods: FulfilmentMethod[] = ['buy_online_pickup', 'reserve_pickup'],
    ): Promise<Placed> {
      const { who, api } = await shopperWithClient(app, getDb().db, CITY_NOW);
      const offers = [];
      for (const _method of methods) {
        const offer = await storeOffer();
        await addProduct(api, offer, 1);
        offers.push(offer);
      }
      const response = await api.post(commercePaths.checkouts, {
        stores: offers.map((offer, i) => ({
          businessId: offer.businessId,
          fulfilment: methods[i],
        })),
        idempotencyKey: `key-${randomUUID()}`,
      });
      expect(response.statusCode, response.body).toBe(201);
      return { who, api, view: viewOf(response), offers };
    }

    async function current(placed: Placed): Promise<CheckoutView> {
      return viewOf(await placed.api.get(commercePaths.checkout(placed.view.id)));
    }

    async function stockOf(placed: Placed): Promise<number[]> {
      return Promise.all(placed.offers.map((offer) => offerQuantity(getDb().db, offer.id)));
    }

    async function subjects(placed: Placed): Promise<string[]> {
      const [user] = await getDb()
        .db.select({ email: users.email })
        .from(users)
        .where(eq(users.id, placed.who.userId));
      return (await mailTo(getDb().db, user!.email)).map((message) => message.subject);
    }

    async function events(orderId: string, status: 'payment_failed' | 'placed') {
      return getDb()
        .db.select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, status)));
    }

    async function cartSize(placed: Placed): Promise<number> {
      const lines = await getDb()
        .db.select({ id: cartItems.id })
        .from(cartItems)
        .where(eq(cartItems.userId, placed.who.userId));
      return lines.length;
    }

    /** A sweep a minute after the payment timeout does `report`; answers the checkout after it. */
    async function sweepAfterTimeout(
      app: FastifyInstance,
      placed: Placed,
      report: PaymentSweepReport,
    ): Promise<CheckoutView> {
      now = at(TIMEOUT_MS + MINUTE);
      expect(await sweepOverduePayments(depsOf(app))).toEqual(report);
      return current(placed);
    }

    it('gives an abandoned checkout’s stock back once the timeout has passed, and not before', async () => {
      const app = await listeningApp();
      const placed = await place(app);
      expect(await stockOf(placed)).toEqual([STOCK - 1, STOCK - 1]);

      now = at(TIMEOUT_MS - 1_000);
      expect(await sweepOverduePayments(depsOf(app))).toEqual(NOTHING);
      expect((await current(placed)).orders.map((o) => o.status)).toEqual([
        'awaiting_payment',
        'awaiting_payment',
      ]);
      expect(await stockOf(placed)).toEqual([STOCK - 1, STOCK - 1]);

      now = at(TIMEOUT_MS);
      expect(await sweepOverduePayments(depsOf(app))).toEqual({ ...NOTHING, released: 1 });
      const view = await current(placed);
      expect(view.state).toBe('failed');
      expect(view.orders.map((o) => o.status)).toEqual(['payment_failed', 'payment_failed']);
      expect(view.payments.map((p) => p.status)).toEqual(['failed']);
      expect(await stockOf(placed)).toEqual([STOCK, STOCK]);
      for (const order of view.orders) {
        const failed = await events(order.id, 'payment_failed');
        expect(failed.map((event) => [event.actor, event.note])).toEqual([
          ['system', m.paymentTimedOut],
        ]);
      }
      expect((await subjects(placed)).filter((s) => s.endsWith(': Payment failed'))).toHaveLength(
        2,
      );
      // What the shopper put in the cart is still there to try again.
      expect(await cartSize(placed)).toBe(2);

      // Nothing is left to do: a later sweep changes nothing.
      now = at(TIMEOUT_MS + 10 * MINUTE);
      expect(await sweepOverduePayments(depsOf(app))).toEqual(NOTHING);
      expect(await stockOf(placed)).toEqual([STOCK, STOCK]);
    });

    it('releases a payment the bank still leaves pending after the timeout', async () => {
      const app = await listeningApp();
      const placed = await place(app, ['buy_online_pickup']);
      await payAndReturn(app, placed.api, placed.view.id, 'pending');
      expect((await current(placed)).state).toBe('pending');

      const view = await sweepAfterTimeout(app, placed, { ...NOTHING, released: 1 });
      expect(view.payments.map((p) => p.status)).toEqual(['failed']);
      expect(view.orders.map((o) => o.status)).toEqual(['payment_failed']);
      expect(await stockOf(placed)).toEqual([STOCK]);
    });

    it('settles a payment the provider reports successful: the shopper paid, the return was lost', async () => {
      const app = await listeningApp();
      const paid = await place(app, ['buy_online_pickup']);
      // Paid at the simulator; the browser never came back to post the return.
      await payNext(app, paid.api, paid.view.id, 'success');
      expect((await current(paid)).payments.map((p) => p.status)).toEqual(['created']);

      const view = await sweepAfterTimeout(app, paid, { ...NOTHING, settled: 1 });
      expect(view.state).toBe('paid');
      expect(view.payments.map((p) => p.status)).toEqual(['captured']);
      expect(view.orders.map((o) => o.status)).toEqual(['placed']);
      expect(await stockOf(paid)).toEqual([STOCK - 1]);
      expect(await cartSize(paid)).toBe(0);
      expect(await events(view.orders[0]!.id, 'placed')).toHaveLength(1);
      expect((await subjects(paid)).filter((s) => s.endsWith(': Placed'))).toHaveLength(1);
    });

    it('settles a two-store checkout paid with its one card entry whose return was lost', async () => {
      const app = await listeningApp();
      const placed = await place(app);
      // One card entry for both stores, paid at the simulator; the browser never came back.
      await payNext(app, placed.api, placed.view.id, 'success');

      const view = await sweepAfterTimeout(app, placed, { ...NOTHING, settled: 1 });
      expect(view.state).toBe('paid');
      expect(view.payments).toHaveLength(1);
      expect(view.orders.map((o) => o.status)).toEqual(['placed', 'placed']);
      for (const order of view.orders) {
        expect(order.money.authorised).toEqual(order.total);
      }
      expect(await stockOf(placed)).toEqual([STOCK - 1, STOCK - 1]);
      expect(await cartSize(placed)).toBe(0);
    });

    it('gives back a payment the shopper completes after the checkout was released', async () => {
      const app = await listeningApp();
      const placed = await place(app, ['reserve_pickup']);
      const formResponse = await placed.api.post(commercePaths.checkoutPay(placed.view.id));
      const form = hostedPaymentFormResponse.parse(formResponse.json());
      if (form.status !== 1) throw new Error(formResponse.body);
      // The card page is open at the provider when the timeout passes.
      const cardPage = await formPost(app, payuSimulatorPaths.payment, form.result.fields);
      now = at(TIMEOUT_MS + MINUTE);
      expect(await sweepOverduePayments(depsOf(app))).toEqual({ ...NOTHING, released: 1 });

      const completed = await formPost(app, payuSimulatorPaths.complete, {
        ...readPageForm(cardPage.body).fields,
        ccnum: TEST_CARD.number,
        ccname: 'Sam Shopper',
        ccexpiry: TEST_CARD.expiry,
        ccvv: TEST_CARD.cvv,
        outcome: 'success',
      });
      const lateFields = readPageForm(completed.body).fields;
      const simRow = async () => {
        const [row] = await getDb()
          .db.select()
          .from(payuSimTransactions)
          .where(eq(payuSimTransactions.txnid, lateFields.txnid!));
        return row!;
      };
      expect(await simRow()).toMatchObject({ status: 'success', unmappedStatus: 'auth' });

      const late = await postReturn(app, lateFields);
      expect(late.statusCode).toBe(303);
      expect(late.headers.location).toMatch(/\/order-failure\//);
      // The hold is released at the provider; the checkout stays released, stock given back once.
      expect(await simRow()).toMatchObject({ status: 'cancelled' });
      const view = await current(placed);
      expect(view.state).toBe('failed');
      expect(view.orders.map((o) => o.status)).toEqual(['payment_failed']);
      expect(await stockOf(placed)).toEqual([STOCK]);
      // A replay does not ask the provider again.
      const replay = await postReturn(app, lateFields);
      expect(replay.headers.location).toMatch(/\/order-failure\//);
      expect(await events(view.orders[0]!.id, 'payment_failed')).toHaveLength(1);
    });

    it('leaves the checkout for the next sweep while the provider cannot be asked', async () => {
      const app = await listeningApp();
      const placed = await place(app, ['buy_online_pickup']);
      now = at(TIMEOUT_MS + MINUTE);
      const outage: PaymentExpiryDeps = {
        ...depsOf(app),
        payments: {
          ...app.payments,
          verifyPayment: () =>
            Promise.reject(new PaymentProviderError('PayU verify_payment: no answer')),
        },
      };
      expect(await sweepOverduePayments(outage)).toEqual({ ...NOTHING, deferred: 1 });
      const waiting = await current(placed);
      expect(waiting.orders.map((o) => o.status)).toEqual(['awaiting_payment']);
      expect(waiting.payments.map((p) => p.status)).toEqual(['created']);
      expect(await stockOf(placed)).toEqual([STOCK - 1]);

      expect(await sweepOverduePayments(depsOf(app))).toEqual({ ...NOTHING, released: 1 });
      expect(await stockOf(placed)).toEqual([STOCK]);
    });

    it('processes each checkout once when two sweeps run at the same time', async () => {
      const app = await listeningApp();
      const checkouts = [];
      for (let i = 0; i < 3; i += 1) checkouts.push(await place(app));
      now = at(TIMEOUT_MS + MINUTE);

      const reports = await Promise.all([
        sweepOverduePayments(depsOf(app)),
        sweepOverduePayments(depsOf(app)),
      ]);
      expect(reports[0]!.released + reports[1]!.released).toBe(3);
      expect(reports[0]!.deferred + reports[1]!.deferred).toBe(0);
      for (const placed of checkouts) {
        const view = await current(placed);
        expect(view.orders.map((o) => o.status)).toEqual(['payment_failed', 'payment_failed']);
        for (const order of view.orders)
          expect(await events(order.id, 'payment_failed')).toHaveLength(1);
        // Released once: back to the stock it had, not above it.
        expect(await stockOf(placed)).toEqual([STOCK, STOCK]);
        expect((await subjects(placed)).filter((s) => s.endsWith(': Payment failed'))).toHaveLength(
          2,
        );
      }
    });

    it('a paid return whose verify_payment fails is placed by a recheck job within seconds, not at expiry', async () => {
      const app = await listeningApp({ jobs: { pollingIntervalSeconds: 0.5 } });
      const placed = await place(app, ['buy_online_pickup']);
      // The provider (or the way to it) fails once, as when a process behind the balancer dies.
      const verify = app.payments.verifyPayment.bind(app.payments);
      let failures = 1;
      app.payments.verifyPayment = (txnid) =>
        failures-- > 0
          ? Promise.reject(new PaymentProviderError('PayU verify_payment: no answer'))
          : verify(txnid);
      const returned = await payAndReturn(app, placed.api, placed.view.id, 'success');
      expect(returned.statusCode).toBe(303);
      expect(returned.headers.location).toMatch(/\/order\//);
      expect((await current(placed)).orders[0]!.status).toBe('awaiting_payment');
      const queued = await queuedJobs(getDb().db, PAYMENT_RECHECK_QUEUE, {
        fields: { udf1: placed.view.id },
      });
      expect(queued.filter((job) => job.state === 'created')).toHaveLength(1);

      await expect
        .poll(async () => (await current(placed)).orders[0]!.status, { timeout: 15_000 })
        .toBe('placed');
      const view = await current(placed);
      // Held or charged, by the store's terms: either way it went through, once.
      expect(view.payments).toHaveLength(1);
      expect(['authorised', 'captured']).toContain(view.payments[0]!.status);
      expect(await events(view.orders[0]!.id, 'placed')).toHaveLength(1);
      expect(await stockOf(placed)).toEqual([STOCK - 1]);
      await expect
        .poll(
          async () =>
            (
              await queuedJobs(getDb().db, PAYMENT_RECHECK_QUEUE, {
                fields: { udf1: placed.view.id },
              })
            )[0]?.state,
        )
        .toBe('completed');
    });

    it('each checkout has its own job, queued with it, that releases it when it falls due', async () => {
      const app = await listeningApp({ jobs: { pollingIntervalSeconds: 0.5 } });
      const placed = await place(app, ['reserve_pickup']);
      const [job] = await queuedJobs(getDb().db, CHECKOUT_EXPIRY_QUEUE, {
        checkoutId: placed.view.id,
      });
      // Due when the checkout has waited its time (the database's clock), not a minute's scan.
      expect(job?.dueInSeconds).toBeGreaterThan(TIMEOUT_MS / 1000 - 30);
      expect(job?.dueInSeconds).toBeLessThanOrEqual(TIMEOUT_MS / 1000 + 1);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect((await current(placed)).orders[0]!.status).toBe('awaiting_payment');

      // Its time comes, on both clocks.
      now = at(TIMEOUT_MS + MINUTE);
      expect(
        await makeJobsDue(getDb().db, CHECKOUT_EXPIRY_QUEUE, { checkoutId: placed.view.id }),
      ).toBe(1);
      await expect
        .poll(async () => (await current(placed)).orders[0]!.status, { timeout: 10_000 })
        .toBe('payment_failed');
      expect(await stockOf(placed)).toEqual([STOCK]);
      await expect
        .poll(
          async () =>
            (await queuedJobs(getDb().db, CHECKOUT_EXPIRY_QUEUE, { checkoutId: placed.view.id }))[0]
              ?.state,
        )
        .toBe('completed');
      // Nothing left for the reconciliation behind the jobs.
      expect(await sweepOverduePayments(depsOf(app))).toEqual(NOTHING);
    });

    it('a job that runs early (the clock went back) waits for its time again', async () => {
      const app = await listeningApp({ jobs: { pollingIntervalSeconds: 0.5 } });
      const placed = await place(app, ['reserve_pickup']);
      const match = { checkoutId: placed.view.id };
      await makeJobsDue(getDb().db, CHECKOUT_EXPIRY_QUEUE, match);
      // The early job queues its re-run before pg-boss marks it completed: wait for both, so a busy
      // runner never reads the first one still active.
      await expect
        .poll(
          async () =>
            (await queuedJobs(getDb().db, CHECKOUT_EXPIRY_QUEUE, match)).map((job) => job.state),
          { timeout: 15_000 },
        )
        .toEqual(['completed', 'created']);
      const [, again] = await queuedJobs(getDb().db, CHECKOUT_EXPIRY_QUEUE, match);
      expect(again?.dueInSeconds).toBeGreaterThan(TIMEOUT_MS / 1000 - 30);
      expect((await current(placed)).orders[0]!.status).toBe('awaiting_payment');
    });
  });
}
