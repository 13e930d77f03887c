import { randomUUID } from 'node:crypto';
import {
  checkoutQuoteResponse,
  type CheckoutQuote,
  commerceMessages as m,
  commercePaths,
  commonMessages,
  type DeliverySettings,
  type FulfilmentFlags,
  type FulfilmentMethod,
  formatMoney,
  illegalTransitionMessage,
  orderDetailResponse,
  orderListResponse,
} from '@localmart/contract';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/accounts.ts';
import {
  cartItems,
  checkouts,
  couponRedemptions,
  coupons,
  orderEvents,
  orders,
  payments,
} from '../../../db/schema/commerce.ts';
import { mailTo } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import type { DemoOffer } from '../../catalog/demo/types.ts';
import { payuResponseHash } from '../../payments/payu-hash.ts';
import { PAYU_SIMULATOR_SALT } from '../../payments/simulator/simulator-credentials.ts';
import {
  cityShelf,
  expectFailure,
  type ShopperClient,
  shopperWithClient,
  signedInShopper,
} from '../cart/commerce-test-support.ts';
import { checkoutQuotePerUser } from '../../rate-limit/rate-limit-rules.ts';
import { basisPointsOf } from '../coupons/coupon-rules.ts';
import { insertOrder, offerQuantity } from '../orders/commerce-orders-test-support.ts';
import { transitionOrder } from '../orders/order-transitions.ts';
import {
  addProduct,
  addressNear,
  listenOnFreePort,
  payAndReturn,
  payNext,
  postReturn,
  setStock,
  setStoreTerms,
  unusedStoreOffer,
  viewOf,
} from './checkout-test-support.ts';

const cad = (amount: number) => ({ amount, currency: 'CAD' });
const EVERY_METHOD: FulfilmentFlags = {
  reservePickup: true,
  buyOnlinePickup: true,
  sameDayDelivery: true,
};
const DELIVERY: DeliverySettings = {
  radiusKm: 5,
  fee: cad(499),
  minimumOrder: cad(1000),
  cutoffTime: '20:00',
};
const DAY_MS = 24 * 60 * 60 * 1000;

/** The callback fields re-signed with the simulator's salt: what only someone with the salt can do. */
function resigned(fields: Record<string, string>): Record<string, string> {
  return {
    ...fields,
    hash: payuResponseHash(
      {
        key: fields.key ?? '',
        txnid: fields.txnid ?? '',
        amount: fields.amount ?? '',
        productinfo: fields.productinfo ?? '',
        firstname: fields.firstname ?? '',
        email: fields.email ?? '',
        status: fields.status ?? '',
        udf: {
          udf1: fields.udf1 ?? '',
          udf2: fields.udf2 ?? '',
          udf3: fields.udf3 ?? '',
          udf4: fields.udf4 ?? '',
          udf5: fields.udf5 ?? '',
        },
        additionalCharges: fields.additionalCharges,
      },
      PAYU_SIMULATOR_SALT,
    ),
  };
}

for (const backend of testDatabases()) {
  describe(`checkout on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const city = useCatalogCity(getDb);
    const shelf = cityShelf(city);
    const usedStores = new Set<string>();

    /**
     * The app listens: the payment adapter asks the simulator's merchant API over HTTP. With the
     * simulator the return redirects to a path, on the host the shopper paid on.
     */
    async function listeningApp(now: () => Date = () => CITY_NOW): Promise<FastifyInstance> {
      return (await listenOnFreePort(makeApp, { now })).app;
    }

    const shopper = (app: FastifyInstance) => shopperWithClient(app, getDb().db, CITY_NOW);

    /** A product of a store no other test uses, with the store's terms set to `terms`. */
    async function storeOffer(
      terms: {
        fulfilment?: FulfilmentFlags;
        delivery?: DeliverySettings | null;
        taxRateBps?: number;
      } = {},
      stock = 20,
    ): Promise<{ offer: DemoOffer; name: string; lat: number; lng: number }> {
      const offer = unusedStoreOffer(shelf, usedStores);
      const business = shelf.business(offer.businessId);
      await setStoreTerms(getDb().db, offer.businessId, {
        fulfilment: EVERY_METHOD,
        delivery: DELIVERY,
        taxRateBps: 1300,
        ...terms,
      });
      await setStock(getDb().db, offer.id, stock);
      return { offer, name: business.name, lat: business.lat, lng: business.lng };
    }

    const choice = (offer: DemoOffer, fulfilment: FulfilmentMethod, addressId?: string) => ({
      businessId: offer.businessId,
      fulfilment,
      ...(addressId ? { addressId } : {}),
    });

    async function quote(api: ShopperClient, body: unknown): Promise<CheckoutQuote> {
      const response = await api.post(commercePaths.checkoutQuote, body);
      expect(response.statusCode, response.body).toBe(200);
      const parsed = checkoutQuoteResponse.parse(response.json());
      if (parsed.status !== 1) throw new Error(response.body);
      return parsed.result;
    }

    const key = () => `key-${randomUUID()}`;

    /** Two units from a fresh store `a` and one from a fresh store `b`, placed with their methods. */
    async function placeTwoStores(
      api: ShopperClient,
      [methodA, methodB]: [FulfilmentMethod, FulfilmentMethod],
    ) {
      const a = await storeOffer();
      const b = await storeOffer();
      await addProduct(api, a.offer, 2);
      await addProduct(api, b.offer, 1);
      const placed = viewOf(
        await api.post(commercePaths.checkouts, {
          stores: [choice(a.offer, methodA), choice(b.offer, methodB)],
          idempotencyKey: key(),
        }),
      );
      return { a, b, placed };
    }

    async function countRows(table: typeof orders | typeof checkouts, userId: string) {
      const [row] = await getDb()
        .db.select({ n: count() })
        .from(table)
        .where(eq(table.userId, userId));
      return row!.n;
    }

    it('quotes each store with its tax line, and splits pay-now from card holds', async () => {
      const app = await listeningApp();
      const { api } = await shopper(app);
      const a = await storeOffer({ taxRateBps: 1250 });
      const b = await storeOffer();
      await addProduct(api, a.offer, 3);
      await addProduct(api, b.offer, 1);
      const result = await quote(api, {
        stores: [choice(a.offer, 'buy_online_pickup'), choice(b.offer, 'reserve_pickup')],
      });
      expect(result.problems).toEqual([]);
      expect(result.canPlace).toBe(true);
      const quotedA = result.stores.find((s) => s.businessId === a.offer.businessId)!;
      const quotedB = result.stores.find((s) => s.businessId === b.offer.businessId)!;
      const subtotalA = a.offer.price.amount * 3;
      expect(quotedA.subtotal).toEqual(cad(subtotalA));
      expect(quotedA.taxRateBps).toBe(1250);
      expect(quotedA.tax).toEqual(cad(Math.floor((subtotalA * 1250 + 5000) / 10000)));
      expect(quotedA.total.amount).toBe(subtotalA + quotedA.tax.amount);
      expect(quotedA.deliveryFee).toEqual(cad(0));
      expect(result.totals).toEqual([
        expect.objectContaining({
          currency: 'CAD',
          payNow: quotedA.total.amount,
          holdNow: quotedB.total.amount,
          total: quotedA.total.amount + quotedB.total.amount,
        }),
      ]);
    });

    it('refuses a method the store does not offer, a store left out, and a store not in the cart', async () => {
      const app = await listeningApp();
      const { api } = await shopper(app);
      const a = await storeOffer({
        fulfilment: { reservePickup: true, buyOnlinePickup: false, sameDayDelivery: false },
        delivery: null,
      });
      const b = await storeOffer();
      const stranger = await storeOffer();
      await addProduct(api, a.offer);
      await addProduct(api, b.offer);

      const notOffered = await quote(api, {
        stores: [choice(a.offer, 'buy_online_pickup'), choice(b.offer, 'reserve_pickup')],
      });
      expect(notOffered.canPlace).toBe(false);
      expect(notOffered.stores.find((s) => s.businessId === a.offer.businessId)!.problems).toEqual([
        m.fulfilmentNotOffered(a.name, 'buy online, pick up in store'),
      ]);
      const leftOut = await quote(api, { stores: [choice(a.offer, 'reserve_pickup')] });
      expect(leftOut.problems).toEqual([m.chooseFulfilment]);
      expect(leftOut.canPlace).toBe(false);
      const foreign = await quote(api, {
        stores: [
          choice(a.offer, 'reserve_pickup'),
          choice(b.offer, 'reserve_pickup'),
          choice(stranger.offer, 'reserve_pickup'),
        ],
      });
      expect(foreign.problems).toEqual([m.storeNotInCart]);
    });

    it('checks same-day delivery: address, radius, minimum order, cut-off, and adds the fee', async () => {
      const db = getDb().db;
      let now = CITY_NOW;
      const app = await listeningApp(() => now);
      const { who, api } = await shopper(app);
      const other = await signedInShopper(db, CITY_NOW);
      const store = await storeOffer();
      await addProduct(api, store.offer, 2);
      const subtotal = store.offer.price.amount * 2;
      const near = await addressNear(db, who.userId, store, 2);
      const far = await addressNear(db, who.userId, store, 8);
      const theirs = await addressNear(db, other.userId, store, 1);
      const deliver = (addressId?: string) =>
        quote(api, { stores: [choice(store.offer, 'same_day_delivery', addressId)] });
      const problemsOf = async (addressId?: string) =>
        (await deliver(addressId)).stores[0]!.problems;

      expect(await problemsOf()).toEqual([m.deliveryAddressRequired]);
      expect(await problemsOf(theirs)).toEqual([m.addressNotFound]);
      expect(await problemsOf(far)).toEqual([m.deliveryOutOfRange(store.name, '8.0', '5')]);

      const fine = await deliver(near);
      expect(fine.canPlace).toBe(true);
      const quoted = fine.stores[0]!;
      expect(quoted.deliveryFee).toEqual(cad(499));
      expect(quoted.deliveryDistanceKm).toBeCloseTo(2, 1);
      expect(quoted.tax.amount).toBe(basisPointsOf(subtotal + 499, 1300));
      expect(quoted.total.amount).toBe(subtotal + 499 + quoted.tax.amount);
      expect(fine.totals[0]!.payNow).toBe(quoted.total.amount);

      await setStoreTerms(db, store.offer.businessId, {
        delivery: { ...DELIVERY, minimumOrder: cad(subtotal + 1) },
      });
      expect(await problemsOf(near)).toEqual([
        m.deliveryBelowMinimum(store.name, formatMoney(subtotal + 1, 'CAD')),
      ]);
      // CITY_NOW is 14:30 in Toronto: a 14:00 cut-off has passed.
      await setStoreTerms(db, store.offer.businessId, {
        delivery: { ...DELIVERY, cutoffTime: '14:00' },
      });
      expect(await problemsOf(near)).toEqual([m.deliveryAfterCutoff(store.name, '14:00')]);
      now = new Date(CITY_NOW.getTime() - 60 * 60 * 1000);
      expect(await problemsOf(near)).toEqual([]);
    });

    it('explains every coupon that does not apply, and applies percent and fixed ones', async () => {
      const db = getDb().db;
      const app = await listeningApp();
      const { who, api } = await shopper(app);
      const a = await storeOffer();
      const b = await storeOffer();
      const elsewhere = await storeOffer();
      await addProduct(api, a.offer, 3);
      await addProduct(api, b.offer, 1);
      const subtotalA = a.offer.price.amount * 3;
      const subtotalB = b.offer.price.amount;
      const [largest, largestSubtotal] = subtotalA >= subtotalB ? [a, subtotalA] : [b, subtotalB];
      const tag = randomUUID().slice(0, 6).toUpperCase();
      const coupon = async (code: string, terms: Partial<typeof coupons.$inferInsert> = {}) => {
        await db.insert(coupons).values({
          code: `${code}${tag}`,
          kind: 'percent',
          value: 1000,
          currency: 'CAD',
          startsAt: new Date(CITY_NOW.getTime() - DAY_MS),
          endsAt: new Date(CITY_NOW.getTime() + DAY_MS),
          ...terms,
        });
        return `${code}${tag}`;
      };
      const stores = [choice(a.offer, 'buy_online_pickup'), choice(b.offer, 'buy_online_pickup')];
      const outcome = async (code: string) =>
        (await quote(api, { stores, couponCode: code })).coupon;
      const reason = async (code: string) => (await outcome(code))?.reason;

      expect(await reason(`NOPE${tag}`)).toBe(m.couponNotFound);
      expect(await reason(await coupon('OFF', { active: false }))).toBe(m.couponNotFound);
      expect(
        await reason(await coupon('SOON', { startsAt: new Date(CITY_NOW.getTime() + 60_000) })),
      ).toBe(m.couponNotStarted);
      expect(
        await reason(await coupon('OLD', { endsAt: new Date(CITY_NOW.getTime() - 60_000) })),
      ).toBe(m.couponExpired);
      expect(await reason(await coupon('THERE', { businessId: elsewhere.offer.businessId }))).toBe(
        m.couponWrongStore(elsewhere.name),
      );
      expect(await reason(await coupon('BIG', { minimumSpendAmount: largestSubtotal + 1 }))).toBe(
        m.couponBelowMinimum(formatMoney(largestSubtotal + 1, 'CAD')),
      );
      expect(await reason(await coupon('USD', { currency: 'USD' }))).toBe(m.couponWrongCurrency);

      // Used on an order that stands: used up. On a cancelled order: given back.
      const once = await coupon('ONCE');
      const [onceRow] = await db.select().from(coupons).where(eq(coupons.code, once));
      const earlier = await insertOrder(db, {
        userId: who.userId,
        businessId: a.offer.businessId,
        offerId: a.offer.id,
        quantity: 1,
        status: 'placed',
        fulfilment: 'buy_online_pickup',
        now: CITY_NOW,
      });
      await db
        .insert(couponRedemptions)
        .values({ couponId: onceRow!.id, userId: who.userId, orderId: earlier.orderId });
      expect(await reason(once)).toBe(m.couponUsedUp);
      await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, earlier.orderId));
      expect((await outcome(once))?.applied).toBe(true);

      // A platform percent coupon discounts the largest store order, rounded half up.
      const percent = await quote(api, {
        stores,
        couponCode: (await coupon('TEN')).toLowerCase(),
      });
      const discount = basisPointsOf(largestSubtotal, 1000);
      expect(percent.coupon).toEqual({
        code: `TEN${tag}`,
        applied: true,
        reason: null,
        businessId: largest.offer.businessId,
        discount: cad(discount),
      });
      const discounted = percent.stores.find((s) => s.businessId === largest.offer.businessId)!;
      expect(discounted.discount).toEqual(cad(discount));
      expect(discounted.tax.amount).toBe(basisPointsOf(largestSubtotal - discount, 1300));
      expect(percent.totals[0]!.discount).toBe(discount);

      // A fixed coupon never takes more than the order's subtotal.
      const fixed = await quote(api, {
        stores,
        couponCode: await coupon('HUGE', {
          kind: 'fixed',
          value: 1_000_000,
          businessId: b.offer.businessId,
        }),
      });
      expect(fixed.coupon?.discount).toEqual(cad(subtotalB));
      expect(fixed.stores.find((s) => s.businessId === b.offer.businessId)!.total.amount).toBe(0);
    });

    it('limits coupon tries per shopper, whatever the IP', async () => {
      const app = await makeApp({ now: () => CITY_NOW });
      const { who, api } = await shopper(app);
      const store = await storeOffer();
      await addProduct(api, store.offer);
      const body = {
        stores: [choice(store.offer, 'buy_online_pickup')],
        couponCode: 'GUESS',
      };
      for (let i = 0; i < checkoutQuotePerUser.limit; i += 1) {
        const allowed = await api.post(commercePaths.checkoutQuote, body);
        expect(allowed.statusCode, allowed.body).toBe(200);
      }
      const refused = await app.inject({
        method: 'POST',
        url: commercePaths.checkoutQuote,
        remoteAddress: '10.9.8.7',
        headers: { authorization: `Bearer ${who.token}` },
        payload: body,
      });
      expectFailure(refused, 429, commonMessages.tooManyRequests);
    });

    it('takes no price from the client', async () => {
      const app = await listeningApp();
      const { api } = await shopper(app);
      const store = await storeOffer();
      await addProduct(api, store.offer);
      const priced = { ...choice(store.offer, 'buy_online_pickup'), total: 1 };
      expectFailure(await api.post(commercePaths.checkoutQuote, { stores: [priced] }), 400, /.+/);
      expectFailure(
        await api.post(commercePaths.checkouts, {
          stores: [choice(store.offer, 'buy_online_pickup')],
          idempotencyKey: key(),
          subtotal: 1,
        }),
        400,
        /.+/,
      );
    });

    it('places, pays with one card entry, places the orders and empties the cart only then', async () => {
      const db = getDb().db;
      const app = await listeningApp();
      const { who, api } = await shopper(app);
      const a = await storeOffer();
      const b = await storeOffer();
      await addProduct(api, a.offer, 2);
      await addProduct(api, b.offer, 1);
      const placedResponse = await api.post(commercePaths.checkouts, {
        stores: [choice(a.offer, 'buy_online_pickup'), choice(b.offer, 'reserve_pickup')],
        idempotencyKey: key(),
      });
      expect(placedResponse.statusCode, placedResponse.body).toBe(201);
      const placed = viewOf(placedResponse);
      expect(placed.state).toBe('awaiting_payment');
      expect(placed.orders.map((o) => o.status)).toEqual(['awaiting_payment', 'awaiting_payment']);
      expect(placed.orders.every((o) => /^LM-[23456789A-HJ-NP-Z]{6}$/.test(o.number))).toBe(true);
      expect(placed.orders.every((o) => o.canPay && o.money.state === 'unpaid')).toBe(true);
      // One card entry: one hold for both stores, of both orders' totals.
      expect(placed.payments.map((p) => p.mode)).toEqual(['preauth']);
      expect(placed.payments[0]!.amount.amount).toBe(
        placed.orders.reduce((sum, order) => sum + order.total.amount, 0),
      );
      expect(placed.nextPaymentId).toBe(placed.payments[0]!.id);
      expect(await offerQuantity(db, a.offer.id)).toBe(18);
      expect(await offerQuantity(db, b.offer.id)).toBe(19);
      const cartLines = () => db.select().from(cartItems).where(eq(cartItems.userId, who.userId));
      expect(await cartLines()).toHaveLength(2);

      const holdFields = (await payNext(app, api, placed.id, 'success')).fields;
      const held = await postReturn(app, holdFields);
      expect(held.statusCode).toBe(303);
      expect(held.headers.location).toBe(`/order/${placed.id}`);
      const paid = viewOf(await api.get(commercePaths.checkout(placed.id)));
      expect(paid.state).toBe('paid');
      expect(paid.nextPaymentId).toBeNull();
      expect(paid.payments.map((p) => p.status)).toEqual(['authorised']);
      expect(paid.orders.map((o) => o.status)).toEqual(['placed', 'placed']);
      // Each order's own money: the buy-online order charged its total, the reservation held.
      const bought = paid.orders.find((o) => o.fulfilment === 'buy_online_pickup')!;
      const reserved = paid.orders.find((o) => o.fulfilment === 'reserve_pickup')!;
      expect(bought.money).toMatchObject({ state: 'paid', captured: bought.total });
      expect(bought.money.events.map((e) => e.kind)).toEqual(['held', 'captured']);
      expect(reserved.money).toMatchObject({ state: 'held', authorised: reserved.total });
      expect(reserved.money.captured.amount).toBe(0);
      expect(await cartLines()).toEqual([]);

      // A replayed callback changes nothing: still one "placed" event per order.
      const replay = await postReturn(app, holdFields);
      expect(replay.headers.location).toBe(`/order/${placed.id}`);
      for (const order of paid.orders) {
        const events = await db
          .select()
          .from(orderEvents)
          .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'placed')));
        expect(events).toHaveLength(1);
      }
      expectFailure(
        await api.post(commercePaths.checkoutPay(placed.id)),
        409,
        m.checkoutNothingToPay,
      );

      const [user] = await db.select().from(users).where(eq(users.id, who.userId));
      const mail = await mailTo(db, user!.email);
      expect(mail.filter((message) => /: Placed$/.test(message.subject))).toHaveLength(2);
      expect(mail[0]!.text).toContain(`/order-details/`);

      const other = await shopper(app);
      expectFailure(
        await other.api.get(commercePaths.checkout(placed.id)),
        404,
        m.checkoutNotFound,
      );
    });

    it('fails the whole checkout on a failed payment: stock back, nothing charged, the cart intact', async () => {
      const db = getDb().db;
      const app = await listeningApp();
      const { who, api } = await shopper(app);
      const { a, b, placed } = await placeTwoStores(api, ['buy_online_pickup', 'reserve_pickup']);
      const failed = await payAndReturn(app, api, placed.id, 'failure');
      expect(failed.statusCode).toBe(303);
      expect(failed.headers.location).toBe(
        `/order-failure/${placed.orders[0]!.store.id}?checkout=${placed.id}`,
      );
      const view = viewOf(await api.get(commercePaths.checkout(placed.id)));
      expect(view.state).toBe('failed');
      expect(view.nextPaymentId).toBeNull();
      expect(view.orders.map((o) => o.status)).toEqual(['payment_failed', 'payment_failed']);
      expect(view.payments.map((p) => p.status)).toEqual(['failed']);
      expect(view.orders.every((o) => o.money.authorised.amount === 0)).toBe(true);
      expect(await offerQuantity(db, a.offer.id)).toBe(20);
      expect(await offerQuantity(db, b.offer.id)).toBe(20);
      expect(
        await db.select().from(cartItems).where(eq(cartItems.userId, who.userId)),
      ).toHaveLength(2);
    });

    it('shows the payment as what Pay will hold: an order cancelled before paying is left out', async () => {
      const app = await listeningApp();
      const { api } = await shopper(app);
      const { placed } = await placeTwoStores(api, ['buy_online_pickup', 'reserve_pickup']);
      const [gone, kept] = placed.orders;
      const cancelled = await api.post(commercePaths.orderCancel(gone!.id), {});
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const view = viewOf(await api.get(commercePaths.checkout(placed.id)));
      expect(view.payments).toHaveLength(1);
      expect(view.payments[0]!.amount).toEqual(kept!.total);
      expect(view.payments[0]!.orderIds).toEqual([kept!.id]);
      expect(view.orders.find((o) => o.id === gone!.id)!.canPay).toBe(false);
      expect(view.orders.find((o) => o.id === kept!.id)!.canPay).toBe(true);
    });

    it('treats pending as not paid: the orders wait and keep their stock', async () => {
      const db = getDb().db;
      const app = await listeningApp();
      const { api } = await shopper(app);
      const store = await storeOffer();
      await addProduct(api, store.offer, 1);
      const placed = viewOf(
        await api.post(commercePaths.checkouts, {
          stores: [choice(store.offer, 'buy_online_pickup')],
          idempotencyKey: key(),
        }),
      );
      const pending = await payAndReturn(app, api, placed.id, 'pending');
      expect(pending.headers.location).toBe(`/order/${placed.id}`);
      const view = viewOf(await api.get(commercePaths.checkout(placed.id)));
      expect(view.state).toBe('pending');
      expect(view.payments[0]!.status).toBe('pending');
      expect(view.orders[0]!.status).toBe('awaiting_payment');
      expect(await offerQuantity(db, store.offer.id)).toBe(19);
    });

    it('rejects tampered callbacks without changing anything, then accepts the genuine one', async () => {
      const db = getDb().db;
      const app = await listeningApp();
      const mine = await shopper(app);
      const theirs = await shopper(app);
      const store = await storeOffer();
      const otherStore = await storeOffer();
      await addProduct(mine.api, store.offer, 1);
      await addProduct(theirs.api, otherStore.offer, 1);
      const placed = viewOf(
        await mine.api.post(commercePaths.checkouts, {
          stores: [choice(store.offer, 'buy_online_pickup')],
          idempotencyKey: key(),
        }),
      );
      const otherPlaced = viewOf(
        await theirs.api.post(commercePaths.checkouts, {
          stores: [choice(otherStore.offer, 'buy_online_pickup')],
          idempotencyKey: key(),
        }),
      );
      const genuine = (await payNext(app, mine.api, placed.id, 'success')).fields;
      const theirFields = (await payNext(app, theirs.api, otherPlaced.id, 'success')).fields;
      const failurePage = `/order-failure/${store.offer.businessId}?checkout=${placed.id}`;

      const tampered: Record<string, string>[] = [
        resigned({ ...genuine, amount: '0.01' }), // amount changed, hash redone with the salt
        { ...genuine, status: 'pending' }, // status changed: hash no longer matches
        { ...genuine, amount: '0.01' }, // amount changed without the salt
        { ...genuine, hash: 'f'.repeat(128) }, // hash wrong
        resigned({ ...genuine, udf1: otherPlaced.id }), // udf1 of another checkout
        resigned({ ...genuine, udf2: otherPlaced.payments[0]!.id }), // another payment
      ];
      for (const fields of tampered) {
        const answer = await postReturn(app, fields);
        expect(answer.statusCode).toBe(303);
        expect(answer.headers.location).toBe(failurePage);
      }
      // Their txnid with my checkout: the payment is theirs, so nothing of either changes.
      const crossed = await postReturn(
        app,
        resigned({ ...theirFields, udf1: placed.id, udf2: placed.payments[0]!.id }),
      );
      expect(crossed.headers.location).toBe(
        `/order-failure/${otherStore.offer.businessId}?checkout=${otherPlaced.id}`,
      );
      const paymentStatuses = await db
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.checkoutId, placed.id));
      expect(paymentStatuses).toEqual([{ status: 'created' }]);
      expect(viewOf(await theirs.api.get(commercePaths.checkout(otherPlaced.id))).state).toBe(
        'awaiting_payment',
      );
      expect(viewOf(await mine.api.get(commercePaths.checkout(placed.id))).orders[0]!.status).toBe(
        'awaiting_payment',
      );

      const accepted = await postReturn(app, genuine);
      expect(accepted.headers.location).toBe(`/order/${placed.id}`);
      expect(viewOf(await mine.api.get(commercePaths.checkout(placed.id))).state).toBe('paid');
    });

    it('places once per idempotency key, sequential or concurrent', async () => {
      const db = getDb().db;
      const app = await listeningApp();
      const { who, api } = await shopper(app);
      const store = await storeOffer();
      await addProduct(api, store.offer, 2);
      const body = { stores: [choice(store.offer, 'reserve_pickup')], idempotencyKey: key() };
      const first = await api.post(commercePaths.checkouts, body);
      const second = await api.post(commercePaths.checkouts, body);
      expect(first.statusCode, first.body).toBe(201);
      expect(second.statusCode, second.body).toBe(200);
      expect(viewOf(second).id).toBe(viewOf(first).id);

      const racingKey = key();
      const racing = await Promise.all(
        Array.from({ length: 5 }, () =>
          api.post(commercePaths.checkouts, { ...body, idempotencyKey: racingKey }),
        ),
      );
      expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
      expect(new Set(racing.map((r) => viewOf(r).id)).size).toBe(1);
      expect(await countRows(checkouts, who.userId)).toBe(2);
      expect(await countRows(orders, who.userId)).toBe(2);
      // The newer checkout released the older unpaid one first: the units are held once, not twice.
      expect(await offerQuantity(db, store.offer.id)).toBe(18);
      const first1 = viewOf(await api.get(commercePaths.checkout(viewOf(first).id)));
      expect(first1.orders.map((o) => o.status)).toEqual(['cancelled']);
    });

    it('sells the last 5 units to exactly 5 of 50 concurrent checkouts', async () => {
      const db = getDb().db;
      const app = await listeningApp();
      const store = await storeOffer({}, 50);
      const shoppers = await Promise.all(Array.from({ length: 50 }, () => shopper(app)));
      for (const { api } of shoppers) await addProduct(api, store.offer, 1);
      await setStock(db, store.offer.id, 5);
      const answers = await Promise.all(
        shoppers.map(({ api }) =>
          api.post(commercePaths.checkouts, {
            stores: [choice(store.offer, 'buy_online_pickup')],
            idempotencyKey: key(),
          }),
        ),
      );
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(5);
      expect(codes.filter((code) => code === 409)).toHaveLength(45);
      for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
        expect(refused.json()).toMatchObject({ status: 0 });
      }
      expect(await offerQuantity(db, store.offer.id)).toBe(0);
      const [placed] = await db
        .select({ n: count() })
        .from(orders)
        .where(eq(orders.businessId, store.offer.businessId));
      expect(placed!.n).toBe(5);
    }, 120_000);

    it('lets the shopper cancel before acceptance (stock back, hold released), not after', async () => {
      const db = getDb().db;
      const app = await listeningApp();
      const { api } = await shopper(app);
      const { a, b, placed } = await placeTwoStores(api, ['reserve_pickup', 'buy_online_pickup']);
      await payAndReturn(app, api, placed.id, 'success');
      const reserved = placed.orders.find((o) => o.store.id === a.offer.businessId)!;
      const bought = placed.orders.find((o) => o.store.id === b.offer.businessId)!;

      const detail = orderDetailResponse.parse(
        (await api.get(commercePaths.order(reserved.id))).json(),
      );
      if (detail.status !== 1) throw new Error('no detail');
      expect(detail.result.canCancel).toBe(true);
      expect(detail.result.pickupCode).toMatch(/^[23456789A-HJ-NP-Z]{6}$/);
      expect(detail.result.money).toMatchObject({ state: 'held', authorised: reserved.total });
      expect(detail.result.timeline.map((e) => e.status)).toEqual(['awaiting_payment', 'placed']);

      const cancelled = await api.post(commercePaths.orderCancel(reserved.id), {
        reason: 'Changed my mind',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({
        status: 1,
        message: m.orderCancelled,
        result: {
          status: 'cancelled',
          canCancel: false,
          pickupCode: null,
          cancelReason: 'Changed my mind',
        },
      });
      expect(await offerQuantity(db, a.offer.id)).toBe(20);
      // Its share of the hold is let go; the other store's charged order keeps the card's payment.
      const view = viewOf(await api.get(commercePaths.checkout(placed.id)));
      expect(view.orders.find((o) => o.id === reserved.id)!.money).toMatchObject({
        state: 'released',
        released: reserved.total,
      });
      expect(view.orders.find((o) => o.id === bought.id)!.money.state).toBe('paid');

      await transitionOrder(db, {
        orderId: bought.id,
        to: 'accepted',
        actor: 'store',
        now: CITY_NOW,
      });
      expectFailure(
        await api.post(commercePaths.orderCancel(bought.id), {}),
        409,
        illegalTransitionMessage('accepted', 'cancelled'),
      );
      expect(await offerQuantity(db, b.offer.id)).toBe(19);

      const list = orderListResponse.parse(
        (await api.get(`${commercePaths.orders}?status=cancelled`)).json(),
      );
      if (list.status !== 1) throw new Error('no list');
      expect(list.results.map((o) => o.id)).toEqual([reserved.id]);
      const firstPage = orderListResponse.parse(
        (await api.get(`${commercePaths.orders}?limit=1`)).json(),
      );
      if (firstPage.status !== 1) throw new Error('no page');
      expect(firstPage.results).toHaveLength(1);
      expect(firstPage.result.nextCursor).not.toBeNull();
      const secondPage = orderListResponse.parse(
        (
          await api.get(
            `${commercePaths.orders}?limit=1&cursor=${encodeURIComponent(firstPage.result.nextCursor!)}`,
          )
        ).json(),
      );
      if (secondPage.status !== 1) throw new Error('no page');
      expect(secondPage.results).toHaveLength(1);
      expect(secondPage.results[0]!.id).not.toBe(firstPage.results[0]!.id);
      expect(secondPage.result.nextCursor).toBeNull();

      const other = await shopper(app);
      expectFailure(await other.api.get(commercePaths.order(reserved.id)), 404, m.orderNotFound);
    });
  });
}
