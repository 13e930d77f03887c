import { randomUUID } from 'node:crypto';
import {
  cartResponse,
  checkoutQuoteResponse,
  type CheckoutQuote,
  commerceMessages as m,
  commercePaths,
  type FulfilmentMethod,
  hostedPaymentFormResponse,
  isPickup,
  type MenuItemOptionGroup,
  type OpeningHours,
  type OrderActor,
  type OrderStatus,
  STOCK_RELEASED_STATUSES,
} from '@localmart/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { businesses, menuItems, offers } from '../../../db/schema/catalog.ts';
import {
  coupons,
  orderItems,
  orderMoneyEvents,
  orders,
  paymentActions,
  payments,
  payuSimTransactions,
} from '../../../db/schema/commerce.ts';
import type { Database } from '../../../db/client.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import type { DemoOffer } from '../../catalog/demo/types.ts';
import { storeDashboard } from '../../manage/orders/dashboard.service.ts';
import { fromPayuAmount } from '../../payments/payu-amount.ts';
import { payInSimulator } from '../../payments/simulator/pay-in-simulator.ts';
import type { SimOutcome } from '../../payments/simulator/simulator.service.ts';
import { cityShelf, type ShopperClient, shopperWithClient } from '../cart/commerce-test-support.ts';
import { basisPointsOf } from '../coupons/coupon-rules.ts';
import { seedDemoCoupons } from '../coupons/demo-coupons.ts';
import { offerQuantity } from '../orders/commerce-orders-test-support.ts';
import { applyOrderEffects, type OrderEffectsDeps } from '../orders/order-effects.ts';
import { transitionOrder } from '../orders/order-transitions.ts';
import {
  addressNear,
  listenOnFreePort,
  postReturn,
  setStock,
  unusedStoreOffer,
} from './checkout-test-support.ts';

/**
 * Property: whatever a shopper puts in the cart (products at any price from 0, dishes with options
 * that add from 0), however each store hands it over, whatever delivery fee, tax and coupon apply,
 * and whatever then happens to each order (cancelled before or after paying, declined, completed,
 * not picked up, refunded), money never goes below zero, the card is held for exactly the sum of
 * the orders it pays, and each order ends with all of its share accounted for: captured + released
 * = authorised, never more refunded than captured, and the bank's ledger agrees with ours.
 *
 * A failing run prints fast-check's seed and path; FC_SEED=<seed> replays it.
 */

const RUNS = Number(process.env.FC_RUNS) || 25;
const STOCK = 1_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const ALWAYS_OPEN: OpeningHours = {
  timeZone: 'America/Toronto',
  weekly: Object.fromEntries(
    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [
      day,
      [{ open: '00:00', close: '24:00' }],
    ]),
  ) as OpeningHours['weekly'],
  holidays: [],
};

/** Statuses in which an order still counts on its share of the hold. */
const LIVE: ReadonlySet<OrderStatus> = new Set([
  'awaiting_payment',
  'placed',
  'accepted',
  'ready_for_pickup',
  'out_for_delivery',
]);
/** Exits without the goods: the shopper keeps none of their money out. */
const GIVEN_BACK: ReadonlySet<OrderStatus> = new Set([
  'cancelled',
  'declined',
  'auto_cancelled',
  'no_show',
  'refunded',
  'payment_failed',
]);

const FATES = [
  'leave',
  'cancel',
  'decline',
  'accept_then_decline',
  'auto_cancel',
  'complete',
  'no_show',
  'complete_then_refund',
] as const;
type Fate = (typeof FATES)[number];

/** The moves a fate makes from `placed`, by whom. */
function stepsOf(fate: Fate, fulfilment: FulfilmentMethod): [OrderStatus, OrderActor][] {
  const handOver: OrderStatus = isPickup(fulfilment) ? 'ready_for_pickup' : 'out_for_delivery';
  const complete: [OrderStatus, OrderActor][] = [
    ['accepted', 'store'],
    [handOver, 'store'],
    ['completed', 'store'],
  ];
  switch (fate) {
    case 'leave':
      return [];
    case 'cancel':
      return [['cancelled', 'shopper']];
    case 'decline':
      return [['declined', 'store']];
    case 'accept_then_decline':
      return [
        ['accepted', 'store'],
        ['declined', 'store'],
      ];
    case 'auto_cancel':
      return [['auto_cancelled', 'system']];
    case 'complete':
      return complete;
    case 'no_show':
      return isPickup(fulfilment)
        ? [
            ['accepted', 'store'],
            ['ready_for_pickup', 'store'],
            ['no_show', 'store'],
          ]
        : complete;
    case 'complete_then_refund':
      return [...complete, ['refunded', 'store']];
  }
}

/** 0 often, otherwise anything up to `max`: free items are where rounding and zero checks hide. */
const amount = (max: number) =>
  fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 4, arbitrary: fc.nat(max) });
const sometimes = (oneIn: number) => fc.nat(oneIn - 1).map((n) => n === 0);

const productStoreArb = fc
  .array(fc.record({ price: amount(20_000), quantity: fc.nat(4) }), {
    minLength: 2,
    maxLength: 2,
  })
  .map((lines) =>
    lines.every((line) => line.quantity === 0) ? [{ ...lines[0]!, quantity: 1 }, lines[1]!] : lines,
  );

const dishArb = fc.record({
  price: amount(3_000),
  sizeDeltas: fc.tuple(amount(1_000), amount(1_000)),
  extraDeltas: fc.tuple(amount(500), amount(500)),
  size: fc.constantFrom(0, 1),
  extras: fc.subarray([0, 1]),
  quantity: fc.integer({ min: 1, max: 4 }),
});

const termsArb = fc.record({
  fulfilment: fc.constantFrom<FulfilmentMethod>(
    'reserve_pickup',
    'buy_online_pickup',
    'same_day_delivery',
  ),
  deliveryFee: amount(2_000),
  taxRateBps: fc.oneof(fc.constant(0), fc.constant(1300), fc.nat(2_500)),
  cancelBeforePay: sometimes(5),
  fate: fc.constantFrom(...FATES),
});

const couponArb = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.constant({ kind: 'demo' as const, code: 'WELCOME10' }),
  fc.record({
    kind: fc.constant('row' as const),
    type: fc.constantFrom('percent' as const, 'fixed' as const),
    percent: fc.integer({ min: 1, max: 10_000 }),
    fixed: fc.integer({ min: 1, max: 40_000 }),
    minimumSpend: amount(3_000),
    scopedTo: fc.option(fc.nat(2)),
  }),
);

const scenarioArb = fc.record({
  /** Which of the three stores the cart holds (two grocers, one restaurant). */
  stores: fc.subarray([0, 1, 2], { minLength: 1 }),
  products: fc.tuple(productStoreArb, productStoreArb),
  dishes: fc.tuple(dishArb, fc.option(dishArb)),
  terms: fc.tuple(termsArb, termsArb, termsArb),
  coupon: couponArb,
  /** Pay with the form made before the cancels (money lands on cancelled orders). */
  useOldForm: fc.boolean(),
  outcome: fc.oneof(
    { weight: 3, arbitrary: fc.constant<SimOutcome>('success') },
    { weight: 1, arbitrary: fc.constant<SimOutcome>('failure') },
  ),
});
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

const cents = (text: string) => fromPayuAmount(text, 'CAD')!.amount;

for (const backend of testDatabases()) {
  describe(`checkout money properties on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const shelf = cityShelf(useCatalogCity(getDb));
    const usedStores = new Set<string>();

    interface Pool {
      productStores: { businessId: string; lat: number; lng: number; offers: DemoOffer[] }[];
      restaurant: {
        businessId: string;
        lat: number;
        lng: number;
        dishes: { id: string; groups: MenuItemOptionGroup[] }[];
      };
    }

    /** Two grocers with two products each and a restaurant with two dishes, all CAD, all open. */
    async function pool(): Promise<Pool> {
      const db = getDb().db;
      const productStores = [];
      for (let i = 0; i < 2; i += 1) {
        const first = unusedStoreOffer(shelf, usedStores);
        const second = shelf.offer(
          (offer) => offer.businessId === first.businessId && offer.price.currency === 'CAD',
        );
        const business = shelf.business(first.businessId);
        productStores.push({
          businessId: first.businessId,
          lat: business.lat,
          lng: business.lng,
          offers: [first, second],
        });
      }
      const firstDish = shelf.menuItem(
        (entry) => entry.item.price.currency === 'CAD' && !usedStores.has(entry.businessId),
      );
      usedStores.add(firstDish.businessId);
      const secondDish = shelf.menuItem((entry) => entry.businessId === firstDish.businessId);
      const restaurantBusiness = shelf.business(firstDish.businessId);
      const dishes = [firstDish, secondDish].map((entry) => ({
        id: entry.item.id,
        groups: [
          {
            id: randomUUID(),
            name: 'Size',
            minChoices: 1,
            maxChoices: 1,
            options: [
              { id: randomUUID(), name: 'Regular', priceDelta: { amount: 0, currency: 'CAD' } },
              { id: randomUUID(), name: 'Large', priceDelta: { amount: 0, currency: 'CAD' } },
            ],
          },
          {
            id: randomUUID(),
            name: 'Extras',
            minChoices: 0,
            maxChoices: 2,
            options: [
              { id: randomUUID(), name: 'Cheese', priceDelta: { amount: 0, currency: 'CAD' } },
              { id: randomUUID(), name: 'Sauce', priceDelta: { amount: 0, currency: 'CAD' } },
            ],
          },
        ] satisfies MenuItemOptionGroup[],
      }));
      const storeIds = [...productStores.map((store) => store.businessId), firstDish.businessId];
      await db
        .update(businesses)
        .set({
          status: 'published',
          pausedUntil: null,
          hours: ALWAYS_OPEN,
          fulfilment: { reservePickup: true, buyOnlinePickup: true, sameDayDelivery: true },
        })
        .where(inArray(businesses.id, storeIds));
      for (const store of productStores) {
        for (const offer of store.offers) {
          await setStock(db, offer.id, STOCK);
          await db
            .update(offers)
            .set({ saleAmount: null, saleStartsAt: null, saleEndsAt: null })
            .where(eq(offers.id, offer.id));
        }
      }
      await seedDemoCoupons(db, CITY_NOW);
      return {
        productStores,
        restaurant: {
          businessId: firstDish.businessId,
          lat: restaurantBusiness.lat,
          lng: restaurantBusiness.lng,
          dishes,
        },
      };
    }

    it('money never goes below zero, the hold is the sum of its orders, and every share settles', async () => {
      const db = getDb().db;
      const { app } = await listenOnFreePort(makeApp, { now: () => CITY_NOW });
      const world = await pool();
      const effects: OrderEffectsDeps = {
        db: app.db,
        payments: app.payments,
        mailer: app.mailer,
        brand: { appName: 'Localmart', appUrl: 'http://localhost:3000' },
        log: app.log,
        now: app.now,
      };
      const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
      await fc.assert(
        fc.asyncProperty(scenarioArb, (scenario) => runScenario(app, db, world, effects, scenario)),
        {
          numRuns: RUNS,
          ...(seed === undefined ? {} : { seed }),
          // Shrinking a failure stops in time to report the smallest case found so far.
          interruptAfterTimeLimit: 180_000,
          markInterruptAsFailure: true,
        },
      );
    }, 240_000);

    /** Sets the prices and terms the scenario names, fills a fresh shopper's cart, and plays it. */
    async function runScenario(
      app: FastifyInstance,
      db: Database,
      world: Pool,
      effects: OrderEffectsDeps,
      scenario: Scenario,
    ): Promise<void> {
      const { who, api } = await shopperWithClient(app, db, CITY_NOW);
      const storeIds = [
        world.productStores[0]!.businessId,
        world.productStores[1]!.businessId,
        world.restaurant.businessId,
      ];
      const locations = [world.productStores[0]!, world.productStores[1]!, world.restaurant];
      /** What the goods of each chosen store cost, worked out here, not by the server. */
      const expectedSubtotal = new Map<string, number>();
      const unitsOf = new Map<string, number>();

      for (const index of scenario.stores) {
        const businessId = storeIds[index]!;
        const terms = scenario.terms[index]!;
        await db
          .update(businesses)
          .set({
            taxRateBps: terms.taxRateBps,
            delivery: {
              radiusKm: 50,
              fee: { amount: terms.deliveryFee, currency: 'CAD' },
              minimumOrder: { amount: 0, currency: 'CAD' },
              cutoffTime: '23:59',
            },
          })
          .where(eq(businesses.id, businessId));
        let subtotal = 0;
        if (index < 2) {
          const store = world.productStores[index]!;
          for (const [i, line] of scenario.products[index]!.entries()) {
            const offer = store.offers[i]!;
            await db.update(offers).set({ priceAmount: line.price }).where(eq(offers.id, offer.id));
            if (line.quantity === 0) continue;
            const added = await api.post(commercePaths.cartItems, {
              kind: 'product',
              itemId: offer.id,
              quantity: line.quantity,
            });
            expect(added.statusCode, added.body).toBe(200);
            subtotal += line.price * line.quantity;
            unitsOf.set(offer.id, line.quantity);
          }
        } else {
          const dishes = [scenario.dishes[0], scenario.dishes[1]];
          for (const [i, dish] of dishes.entries()) {
            if (!dish) continue;
            const { id, groups } = world.restaurant.dishes[i]!;
            const [size, extras] = groups as [MenuItemOptionGroup, MenuItemOptionGroup];
            const priced: MenuItemOptionGroup[] = [
              {
                ...size,
                options: size.options.map((option, k) => ({
                  ...option,
                  priceDelta: { amount: dish.sizeDeltas[k]!, currency: 'CAD' },
                })),
              },
              {
                ...extras,
                options: extras.options.map((option, k) => ({
                  ...option,
                  priceDelta: { amount: dish.extraDeltas[k]!, currency: 'CAD' },
                })),
              },
            ];
            await db
              .update(menuItems)
              .set({
                priceAmount: dish.price,
                currency: 'CAD',
                available: true,
                optionGroups: priced,
              })
              .where(eq(menuItems.id, id));
            const optionIds = [
              size.options[dish.size]!.id,
              ...dish.extras.map((k) => extras.options[k]!.id),
            ];
            const added = await api.post(commercePaths.cartItems, {
              kind: 'menu_item',
              itemId: id,
              quantity: dish.quantity,
              optionIds,
            });
            expect(added.statusCode, added.body).toBe(200);
            const unit =
              dish.price +
              dish.sizeDeltas[dish.size]! +
              dish.extras.reduce((sum, k) => sum + dish.extraDeltas[k]!, 0);
            subtotal += unit * dish.quantity;
          }
        }
        expectedSubtotal.set(businessId, subtotal);
      }

      // The cart: no line below zero, nothing blocking.
      const cart = cartResponse.parse((await api.get(commercePaths.cart)).json());
      if (cart.status !== 1) throw new Error('no cart');
      for (const line of cart.results) {
        expect(line.unitPrice.amount).toBeGreaterThanOrEqual(0);
        expect(line.lineTotal.amount).toBeGreaterThanOrEqual(0);
        expect(line.notices.filter((notice) => notice.blocking)).toEqual([]);
      }

      const selection = await Promise.all(
        scenario.stores.map(async (index) => {
          const fulfilment = scenario.terms[index]!.fulfilment;
          return {
            businessId: storeIds[index]!,
            fulfilment,
            ...(fulfilment === 'same_day_delivery'
              ? { addressId: await addressNear(db, who.userId, locations[index]!, 1) }
              : {}),
          };
        }),
      );
      const couponCode = await couponFor(db, scenario, storeIds);
      const body = { stores: selection, ...(couponCode ? { couponCode } : {}) };

      // The quote: every amount from 0 up, and each store's total made of its parts.
      const quoteResponse = await api.post(commercePaths.checkoutQuote, body);
      expect(quoteResponse.statusCode, quoteResponse.body).toBe(200);
      const parsedQuote = checkoutQuoteResponse.parse(quoteResponse.json());
      if (parsedQuote.status !== 1) throw new Error(quoteResponse.body);
      const quote: CheckoutQuote = parsedQuote.result;
      expect(quote.problems, JSON.stringify(quote)).toEqual([]);
      expect(quote.canPlace, JSON.stringify(quote)).toBe(true);
      const discounted = quote.stores.filter((store) => store.discount.amount > 0);
      expect(discounted.length).toBeLessThanOrEqual(1);
      for (const store of quote.stores) {
        const terms = scenario.terms[storeIds.indexOf(store.businessId)]!;
        const fee = store.fulfilment === 'same_day_delivery' ? terms.deliveryFee : 0;
        for (const money of [store.subtotal, store.discount, store.deliveryFee, store.tax]) {
          expect(money.amount).toBeGreaterThanOrEqual(0);
        }
        expect(store.subtotal.amount).toBe(expectedSubtotal.get(store.businessId));
        expect(store.discount.amount).toBeLessThanOrEqual(store.subtotal.amount);
        expect(store.deliveryFee.amount).toBe(fee);
        const taxable = store.subtotal.amount - store.discount.amount + fee;
        expect(store.tax.amount).toBe(basisPointsOf(taxable, terms.taxRateBps));
        expect(store.total.amount).toBe(taxable + store.tax.amount);
        expect(store.total.amount).toBeGreaterThanOrEqual(0);
      }
      const quotedSum = quote.stores.reduce((sum, store) => sum + store.total.amount, 0);
      expect(quote.totals).toHaveLength(1);
      expect(quote.totals[0]!.total).toBe(quotedSum);

      const stockBefore = new Map<string, number>();
      for (const offerId of unitsOf.keys()) {
        stockBefore.set(offerId, await offerQuantity(db, offerId));
      }

      // Place: nothing to hold at all is refused; otherwise one hold for the sum of the orders.
      const placedResponse = await api.post(commercePaths.checkouts, {
        ...body,
        idempotencyKey: `key-${randomUUID()}`,
      });
      if (quotedSum === 0) {
        expect(placedResponse.statusCode, placedResponse.body).toBe(409);
        expect(placedResponse.json()).toMatchObject({ message: m.checkoutNothingToCharge });
        for (const [offerId, before] of stockBefore) {
          expect(await offerQuantity(db, offerId)).toBe(before);
        }
        return;
      }
      expect(placedResponse.statusCode, placedResponse.body).toBe(201);
      const checkoutId = (placedResponse.json() as { result: { id: string } }).result.id;
      const placedOrders = await db
        .select()
        .from(orders)
        .where(eq(orders.checkoutId, checkoutId))
        .orderBy(asc(orders.number));
      expect(placedOrders).toHaveLength(quote.stores.length);
      for (const order of placedOrders) {
        const quoted = quote.stores.find((store) => store.businessId === order.businessId)!;
        expect(order.totalAmount).toBe(quoted.total.amount);
        expect(order.status).toBe('awaiting_payment');
      }
      const items = await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            placedOrders.map((order) => order.id),
          ),
        );
      for (const item of items) {
        expect(item.unitAmount).toBeGreaterThanOrEqual(0);
        expect(item.lineAmount).toBe(item.unitAmount * item.quantity);
      }
      for (const order of placedOrders) {
        const own = items.filter((item) => item.orderId === order.id);
        expect(order.subtotalAmount).toBe(own.reduce((sum, item) => sum + item.lineAmount, 0));
      }
      const [firstPayment, ...morePayments] = await paymentsOf(db, checkoutId);
      expect(morePayments).toEqual([]);
      expect(firstPayment!.mode).toBe('preauth');
      expect(firstPayment!.amount).toBe(quotedSum);
      expect(placedOrders.every((order) => order.paymentId === firstPayment!.id)).toBe(true);

      // Before paying: maybe the old form is kept, then some orders are cancelled.
      const oldForm = scenario.useOldForm ? await payForm(api, checkoutId) : null;
      const cancelledEarly = placedOrders.filter(
        (order) => scenario.terms[storeIds.indexOf(order.businessId)]!.cancelBeforePay,
      );
      for (const order of cancelledEarly) {
        const cancelled = await api.post(commercePaths.orderCancel(order.id), {});
        expect(cancelled.statusCode, cancelled.body).toBe(200);
      }
      const live = placedOrders.filter((order) => !cancelledEarly.includes(order));
      const liveSum = live.reduce((sum, order) => sum + order.totalAmount, 0);

      let form = oldForm;
      if (!form) {
        const pay = await api.post(commercePaths.checkoutPay(checkoutId));
        if (live.length === 0 || liveSum === 0) {
          expect(pay.statusCode, pay.body).toBe(409);
          expect(pay.json()).toMatchObject({
            message: live.length === 0 ? m.checkoutNoLiveOrder : m.checkoutNothingToCharge,
          });
        } else {
          expect(pay.statusCode, pay.body).toBe(200);
          const parsed = hostedPaymentFormResponse.parse(pay.json());
          if (parsed.status !== 1) throw new Error(pay.body);
          form = parsed.result;
          expect(cents(form.fields.amount!)).toBe(liveSum);
        }
      } else {
        expect(cents(form.fields.amount!)).toBe(quotedSum);
      }

      let paidWith: typeof firstPayment | undefined;
      if (form) {
        const paid = await payInSimulator(app, form, scenario.outcome);
        const back = await postReturn(app, paid.fields);
        expect(back.statusCode).toBe(303);
        paidWith = (await paymentsOf(db, checkoutId)).find(
          (payment) => payment.txnid === form.fields.txnid,
        );
        expect(paidWith).toBeDefined();
        // Held; or already wholly captured (every order it pays charged at once), or released
        // (every order it pays cancelled before the money landed).
        expect(
          scenario.outcome === 'success' ? ['authorised', 'captured', 'voided'] : ['failed'],
        ).toContain(paidWith!.status);
        const covered = (await ordersOf(db, checkoutId)).filter(
          (order) => order.paymentId === paidWith!.id,
        );
        // The hold is exactly the orders it pays (cancelled ones included when the old form paid).
        expect(covered.reduce((sum, order) => sum + order.totalAmount, 0)).toBe(paidWith!.amount);
        if (scenario.outcome === 'success') {
          expect(covered.reduce((sum, order) => sum + order.authorisedAmount, 0)).toBe(
            paidWith!.amount,
          );
        }
      }

      // After paying: each placed order meets its fate, its provider calls made right after.
      for (const order of await ordersOf(db, checkoutId)) {
        if (order.status !== 'placed') continue;
        expect(order.authorisedAmount).toBe(order.totalAmount);
        const fate = scenario.terms[storeIds.indexOf(order.businessId)]!.fate;
        for (const [to, actor] of stepsOf(fate, order.fulfilment)) {
          if (actor === 'shopper') {
            const cancelled = await api.post(commercePaths.orderCancel(order.id), {});
            expect(cancelled.statusCode, cancelled.body).toBe(200);
            continue;
          }
          const change = await transitionOrder(db, { orderId: order.id, to, actor, now: CITY_NOW });
          await applyOrderEffects(effects, [change]);
        }
      }

      await expectMoneySettled(db, checkoutId);
      for (const index of scenario.stores) await expectStoreSales(db, storeIds[index]!);
      // Stock: what the orders still hold is gone from the shelf, the rest is back.
      const finalOrders = await ordersOf(db, checkoutId);
      const holding = finalOrders.filter((order) => !STOCK_RELEASED_STATUSES.has(order.status));
      const heldItems = holding.length
        ? await db
            .select()
            .from(orderItems)
            .where(
              inArray(
                orderItems.orderId,
                holding.map((order) => order.id),
              ),
            )
        : [];
      for (const [offerId, before] of stockBefore) {
        const held = heldItems
          .filter((item) => item.offerId === offerId)
          .reduce((sum, item) => sum + item.quantity, 0);
        expect(await offerQuantity(db, offerId)).toBe(before - held);
      }
    }

    async function payForm(api: ShopperClient, checkoutId: string) {
      const response = await api.post(commercePaths.checkoutPay(checkoutId));
      expect(response.statusCode, response.body).toBe(200);
      const parsed = hostedPaymentFormResponse.parse(response.json());
      if (parsed.status !== 1) throw new Error(response.body);
      return parsed.result;
    }

    /** The scenario's coupon code: none, a demo coupon, or a fresh row with its terms. */
    async function couponFor(
      db: Database,
      scenario: Scenario,
      storeIds: string[],
    ): Promise<string | null> {
      const { coupon } = scenario;
      if (coupon.kind === 'none') return null;
      if (coupon.kind === 'demo') return coupon.code;
      const code = `PROP${randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase()}`;
      const scoped =
        coupon.scopedTo === null
          ? null
          : storeIds[scenario.stores[coupon.scopedTo % scenario.stores.length]!]!;
      await db.insert(coupons).values({
        code,
        kind: coupon.type,
        value: coupon.type === 'percent' ? coupon.percent : coupon.fixed,
        currency: 'CAD',
        businessId: scoped,
        minimumSpendAmount: coupon.minimumSpend,
        startsAt: new Date(CITY_NOW.getTime() - DAY_MS),
        endsAt: new Date(CITY_NOW.getTime() + DAY_MS),
      });
      return code;
    }
  });
}

function ordersOf(db: Database, checkoutId: string) {
  return db
    .select()
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.number));
}

function paymentsOf(db: Database, checkoutId: string) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.checkoutId, checkoutId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/**
 * Every order's share accounted for: its amounts never below zero nor beyond what was held, each
 * matching its money timeline; a final order's hold wholly captured or released, and an order that
 * ended without the goods keeping none of the shopper's money; each payment the sum of its orders'
 * movements; the bank's ledger the same as ours; no provider call left undone.
 */
async function expectMoneySettled(db: Database, checkoutId: string): Promise<void> {
  const rows = await ordersOf(db, checkoutId);
  const events = await db
    .select()
    .from(orderMoneyEvents)
    .where(
      inArray(
        orderMoneyEvents.orderId,
        rows.map((order) => order.id),
      ),
    );
  for (const order of rows) {
    const context = `${order.number} ${order.fulfilment} ${order.status} total ${order.totalAmount}`;
    expect(order.totalAmount, context).toBeGreaterThanOrEqual(0);
    expect([0, order.totalAmount], context).toContain(order.authorisedAmount);
    expect(order.capturedAmount + order.releasedAmount, context).toBeLessThanOrEqual(
      order.authorisedAmount,
    );
    expect(order.refundedAmount, context).toBeLessThanOrEqual(order.capturedAmount);
    const sum = (kind: string) =>
      events
        .filter((event) => event.orderId === order.id && event.kind === kind)
        .reduce((total, event) => total + event.amount, 0);
    expect(
      [sum('held'), sum('captured'), sum('released'), sum('refunded')],
      `${context}: money timeline`,
    ).toEqual([
      order.authorisedAmount,
      order.capturedAmount,
      order.releasedAmount,
      order.refundedAmount,
    ]);
    if (LIVE.has(order.status)) {
      // A charged order is captured as soon as it is placed.
      if (order.status !== 'awaiting_payment' && order.fulfilment !== 'reserve_pickup') {
        expect(order.capturedAmount, context).toBe(order.authorisedAmount);
      }
      continue;
    }
    expect(order.capturedAmount + order.releasedAmount, `${context}: settled`).toBe(
      order.authorisedAmount,
    );
    if (GIVEN_BACK.has(order.status)) {
      expect(order.refundedAmount, `${context}: given back`).toBe(order.capturedAmount);
    } else {
      expect(order.status).toBe('completed');
      expect(order.capturedAmount, context).toBe(order.totalAmount);
      expect(order.refundedAmount, context).toBe(0);
    }
  }

  for (const payment of await paymentsOf(db, checkoutId)) {
    expect(payment.amount).toBeGreaterThanOrEqual(0);
    const own = rows.filter((order) => order.paymentId === payment.id);
    const total = (pick: (order: (typeof rows)[number]) => number) =>
      own.reduce((sum, order) => sum + pick(order), 0);
    expect(payment.capturedAmount).toBe(total((order) => order.capturedAmount));
    expect(payment.releasedAmount).toBe(total((order) => order.releasedAmount));
    expect(payment.refundedAmount).toBe(total((order) => order.refundedAmount));
    expect(payment.capturedAmount + payment.releasedAmount).toBeLessThanOrEqual(payment.amount);
    const [sim] = await db
      .select()
      .from(payuSimTransactions)
      .where(eq(payuSimTransactions.txnid, payment.txnid));
    if (sim && payment.status !== 'replaced') {
      expect(cents(sim.capturedAmount), 'the bank: captured').toBe(payment.capturedAmount);
      expect(cents(sim.refundedAmount), 'the bank: refunded').toBe(payment.refundedAmount);
    }
    if (['authorised', 'captured', 'voided', 'refunded'].includes(payment.status)) {
      // The hold is given up once no order needs it; the card's hold is cancelled at the bank when
      // nothing was captured from it (ADR 0009), and the payment reads what became of its money.
      const holdNeeded = own.some(
        (order) =>
          order.status === 'awaiting_payment' ||
          (LIVE.has(order.status) &&
            order.authorisedAmount - order.capturedAmount - order.releasedAmount > 0),
      );
      const expected = holdNeeded
        ? 'authorised'
        : payment.capturedAmount === 0
          ? 'voided'
          : payment.refundedAmount >= payment.capturedAmount
            ? 'refunded'
            : 'captured';
      expect(payment.status, 'the payment reads what became of its money').toBe(expected);
      if (expected === 'voided') {
        expect(sim?.status, 'the bank cancelled the hold').toBe('cancelled');
      }
    }
    const calls = await db
      .select({ action: paymentActions.action, status: paymentActions.status })
      .from(paymentActions)
      .where(eq(paymentActions.paymentId, payment.id));
    expect(
      calls.filter((call) => call.status !== 'done'),
      'provider calls left undone',
    ).toEqual([]);
  }
}

/**
 * The store's dashboard tells its money as its orders hold it (every movement here is today):
 * sales = captured - refunded, and the card holds of orders still on their way apart.
 */
async function expectStoreSales(db: Database, businessId: string): Promise<void> {
  const rows = await db.select().from(orders).where(eq(orders.businessId, businessId));
  const sum = (pick: (order: (typeof rows)[number]) => number) =>
    rows.reduce((total, order) => total + pick(order), 0);
  const captured = sum((order) => order.capturedAmount);
  const refunded = sum((order) => order.refundedAmount);
  const held = sum((order) =>
    LIVE.has(order.status) && order.status !== 'awaiting_payment'
      ? order.authorisedAmount - order.capturedAmount - order.releasedAmount
      : 0,
  );
  // Tax: each movement carries its order's share of tax (a refund gives back its part), so an
  // order charged in full and never refunded counts exactly its tax, one refunded in full none.
  const moved = await db
    .select({
      kind: orderMoneyEvents.kind,
      amount: orderMoneyEvents.amount,
      tax: orders.taxAmount,
      total: orders.totalAmount,
    })
    .from(orderMoneyEvents)
    .innerJoin(orders, eq(orders.id, orderMoneyEvents.orderId))
    .where(eq(orders.businessId, businessId));
  const tax = moved.reduce((total, event) => {
    const share = event.total > 0 ? Math.round((event.amount * event.tax) / event.total) : 0;
    if (event.kind === 'captured') return total + share;
    return event.kind === 'refunded' ? total - share : total;
  }, 0);
  const { salesSummary, sales } = await storeDashboard(db, businessId, CITY_NOW);
  const cad = (amount: number) => ({ amount, currency: 'CAD' });
  expect(salesSummary, 'the store dashboard').toEqual({
    sales: cad(captured - refunded),
    captured: cad(captured),
    refunded: cad(refunded),
    held: cad(held),
    tax: cad(tax),
  });
  expect(tax, 'tax collected is never below zero').toBeGreaterThanOrEqual(0);
  expect(sales.at(-1)!.amount).toEqual(cad(captured - refunded));
}
