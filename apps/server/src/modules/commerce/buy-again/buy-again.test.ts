import { randomUUID } from 'node:crypto';
import {
  accountMessages,
  type BuyAgainLine,
  buyAgainMessages,
  buyAgainResponse,
  type BuyAgainResponse,
  cartResponse,
  commerceMessages,
  commercePaths,
  commonMessages,
  type SubstitutionPreference,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import {
  businesses,
  cartItems,
  checkouts,
  menuItems,
  offers,
  orderItems,
  orders,
} from '../../../db/schema/index.ts';
import { csrfHeaders, useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import type { DemoOffer } from '../../catalog/demo/types.ts';
import { pickupAlphabetCode } from '../checkout/place.service.ts';
import {
  cityShelf,
  expectFailure,
  type MenuItemAt,
  shopperClient,
  signedInShopper,
} from '../cart/commerce-test-support.ts';

const UNKNOWN_ID = '3d6f2b1a-9c8e-4f7d-8a6b-5c4d3e2f1a0b';

/** One line of a past order, as checkout would have written it. */
interface PastLine {
  kind: 'product' | 'menu_item' | 'service';
  offerId?: string | null;
  productId?: string | null;
  menuItemId?: string | null;
  serviceId?: string | null;
  title: string;
  quantity: number;
  unitAmount: number;
  options?: (typeof orderItems.$inferInsert)['options'];
  note?: string;
  substitution?: SubstitutionPreference;
  substituteForItemId?: string | null;
}

/** A completed order written straight into the database (the order pages' tests do the same). */
async function pastOrder(
  db: Database,
  userId: string,
  businessId: string,
  lines: PastLine[],
): Promise<{ orderId: string; number: string; itemIds: string[] }> {
  const [checkout] = await db
    .insert(checkouts)
    .values({ userId, idempotencyKey: randomUUID(), createdAt: CITY_NOW })
    .returning({ id: checkouts.id });
  const number = `LM-${pickupAlphabetCode(6)}`;
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unitAmount, 0);
  const [order] = await db
    .insert(orders)
    .values({
      number,
      checkoutId: checkout!.id,
      userId,
      businessId,
      status: 'completed',
      fulfilment: 'buy_online_pickup',
      currency: 'CAD',
      subtotalAmount: subtotal,
      taxAmount: 0,
      taxRateBps: 0,
      totalAmount: subtotal,
      pickupCode: pickupAlphabetCode(),
      createdAt: CITY_NOW,
      updatedAt: CITY_NOW,
    })
    .returning({ id: orders.id });
  const items = await db
    .insert(orderItems)
    .values(
      lines.map((line) => ({
        orderId: order!.id,
        kind: line.kind,
        offerId: line.offerId ?? null,
        productId: line.productId ?? null,
        menuItemId: line.menuItemId ?? null,
        serviceId: line.serviceId ?? null,
        title: line.title,
        options: line.options ?? [],
        note: line.note ?? '',
        quantity: line.quantity,
        unitAmount: line.unitAmount,
        regularUnitAmount: line.unitAmount,
        lineAmount: line.quantity * line.unitAmount,
        substitution: line.substitution ?? 'best_match',
        substituteForItemId: line.substituteForItemId ?? null,
      })),
    )
    .returning({ id: orderItems.id });
  return { orderId: order!.id, number, itemIds: items.map((item) => item.id) };
}

const productLine = (offer: DemoOffer, quantity: number, unitAmount = offer.price.amount) => ({
  kind: 'product' as const,
  offerId: offer.id,
  productId: offer.productId,
  title: `Product ${offer.productId.slice(0, 6)}`,
  quantity,
  unitAmount,
});

for (const backend of testDatabases()) {
  // A busy 2-core machine runs the first test (which also warms the app) in up to ~30 s.
  describe(`buy again on ${backend.name}`, { timeout: 60_000 }, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const city = useCatalogCity(getDb);
    const shelf = cityShelf(city);

    async function shopperSession() {
      const app = await makeApp({ now: () => CITY_NOW });
      const shopper = await signedInShopper(getDb().db, CITY_NOW);
      return { app, shopper, api: shopperClient(app, shopper) };
    }

    function answerOf(response: LightMyRequestResponse) {
      expect(response.statusCode, response.body).toBe(200);
      return buyAgainResponse.parse(response.json()) as BuyAgainResponse & { status: 1 };
    }

    const lineFor = (answer: { result: { lines: BuyAgainLine[] } }, orderItemId: string) => {
      const line = answer.result.lines.find((each) => each.orderItemId === orderItemId);
      expect(line, orderItemId).toBeDefined();
      return line!;
    };

    /** Offers of one store, each with a regular price and stock to spare, not handed out before. */
    function offersOfOneStore(count: number): DemoOffer[] {
      const first = shelf.offer(
        (offer) =>
          offer.quantity >= 5 &&
          offer.sale === null &&
          [...city().offers].filter(
            (other) =>
              other.businessId === offer.businessId && other.quantity >= 5 && other.sale === null,
          ).length >=
            count + 2,
      );
      const rest = Array.from({ length: count - 1 }, () =>
        shelf.offer(
          (offer) =>
            offer.businessId === first.businessId && offer.quantity >= 5 && offer.sale === null,
        ),
      );
      return [first, ...rest];
    }

    it('puts the order back in the cart at today’s prices and says what changed', async () => {
      const { api, shopper } = await shopperSession();
      const { db } = getDb();
      const [cheaper, dearer, short, gone, relisted, same] = offersOfOneStore(6);
      // Stock and the catalogue moved on since the order.
      await db.update(offers).set({ quantity: 2 }).where(eq(offers.id, short!.id));
      await db.delete(offers).where(eq(offers.id, gone!.id));
      // The store took the product off and listed it again: a new offer of the same product.
      await db.delete(offers).where(eq(offers.id, relisted!.id));
      const [listedAgain] = await db
        .insert(offers)
        .values({
          businessId: relisted!.businessId,
          productId: relisted!.productId,
          priceAmount: relisted!.price.amount,
          currency: 'CAD',
          quantity: 9,
        })
        .returning({ id: offers.id });
      const order = await pastOrder(db, shopper.userId, cheaper!.businessId, [
        productLine(cheaper!, 1, cheaper!.price.amount + 50),
        productLine(dearer!, 2, dearer!.price.amount - 30),
        productLine(short!, 3),
        { ...productLine(gone!, 1), offerId: null },
        { ...productLine(relisted!, 1), offerId: null },
        productLine(same!, 1),
      ]);
      const [iCheaper, iDearer, iShort, iGone, iRelisted, iSame] = order.itemIds;

      const answer = answerOf(await api.post(commercePaths.orderBuyAgain(order.orderId), {}));
      expect(answer.message).toBe(buyAgainMessages.summary(5, 6, order.number));
      expect(answer.result.orderNumber).toBe(order.number);
      expect(answer.result.otherStores).toEqual([]);

      expect(lineFor(answer, iCheaper!)).toMatchObject({
        outcome: 'added',
        inCart: 1,
        changes: [
          {
            code: 'price_lower',
            message: buyAgainMessages.priceLower(
              cheaper!.price.amount + 50,
              cheaper!.price.amount,
              'CAD',
            ),
          },
        ],
      });
      expect(lineFor(answer, iDearer!)).toMatchObject({
        outcome: 'added',
        inCart: 2,
        orderedUnitPrice: { amount: dearer!.price.amount - 30 },
        unitPrice: { amount: dearer!.price.amount },
        changes: [{ code: 'price_higher' }],
      });
      expect(lineFor(answer, iDearer!).changes[0]!.message).toMatch(/^Price now higher: \$.+ → \$/);
      expect(lineFor(answer, iShort!)).toMatchObject({
        outcome: 'added',
        ordered: 3,
        inCart: 2,
        changes: [{ code: 'fewer_available', message: buyAgainMessages.fewerAvailable(2, 3) }],
      });
      expect(lineFor(answer, iGone!)).toMatchObject({
        outcome: 'skipped',
        inCart: 0,
        unitPrice: null,
        changes: [{ code: 'no_longer_sold', message: buyAgainMessages.noLongerSold }],
      });
      expect(lineFor(answer, iRelisted!)).toMatchObject({ outcome: 'added', changes: [] });
      expect(lineFor(answer, iSame!)).toMatchObject({ outcome: 'added', inCart: 1, changes: [] });

      // The cart in the answer is the cart: five lines, 7 units, priced now.
      expect(answer.results.map((line) => [line.itemId, line.quantity]).sort()).toEqual(
        [
          [cheaper!.id, 1],
          [dearer!.id, 2],
          [short!.id, 2],
          [listedAgain!.id, 1],
          [same!.id, 1],
        ].sort(),
      );
      expect(answer.result.cart.itemCount).toBe(7);
      const dearerLine = answer.results.find((line) => line.itemId === dearer!.id)!;
      expect(dearerLine.unitPrice.amount).toBe(dearer!.price.amount);
      // What the shopper saw in the report is what the cart compares later prices with.
      expect(dearerLine.notices).toEqual([]);
      const cart = await api.get(commercePaths.cart);
      expect(cartResponse.parse(cart.json()).results).toHaveLength(5);
    });

    it('skips what is out of stock, and a second tap never doubles the units', async () => {
      const { api, shopper } = await shopperSession();
      const { db } = getDb();
      const [kept, soldOut] = offersOfOneStore(2);
      await db.update(offers).set({ quantity: 0 }).where(eq(offers.id, soldOut!.id));
      const order = await pastOrder(db, shopper.userId, kept!.businessId, [
        productLine(kept!, 2),
        productLine(soldOut!, 1),
      ]);
      const url = commercePaths.orderBuyAgain(order.orderId);

      // A double click: two requests at once. The shopper's lock runs them one after the other.
      const [first, second] = await Promise.all([api.post(url, {}), api.post(url, {})]);
      const outcomes = [answerOf(first), answerOf(second)].map(
        (answer) => lineFor(answer, order.itemIds[0]!).outcome,
      );
      expect(outcomes.sort()).toEqual(['added', 'already_in_cart']);
      const again = answerOf(await api.post(url));
      expect(lineFor(again, order.itemIds[0]!)).toMatchObject({
        outcome: 'already_in_cart',
        inCart: 2,
      });
      expect(lineFor(again, order.itemIds[1]!)).toMatchObject({
        outcome: 'skipped',
        inCart: 0,
        changes: [{ code: 'out_of_stock', message: buyAgainMessages.outOfStock }],
      });
      expect(again.message).toBe(buyAgainMessages.summary(1, 2, order.number));
      const rows = await db
        .select({ itemId: cartItems.itemId, quantity: cartItems.quantity })
        .from(cartItems)
        .where(eq(cartItems.userId, shopper.userId));
      expect(rows).toEqual([{ itemId: kept!.id, quantity: 2 }]);
    });

    it('fills a line already in the cart up to the order’s quantity, not on top of it', async () => {
      const { api, shopper } = await shopperSession();
      const { db } = getDb();
      const [offer] = offersOfOneStore(1);
      await api.post(commercePaths.cartItems, { kind: 'product', itemId: offer!.id, quantity: 1 });
      const order = await pastOrder(db, shopper.userId, offer!.businessId, [
        productLine(offer!, 3),
      ]);
      const answer = answerOf(await api.post(commercePaths.orderBuyAgain(order.orderId), {}));
      expect(lineFor(answer, order.itemIds[0]!)).toMatchObject({ outcome: 'added', inCart: 3 });
      expect(answer.results.map((line) => line.quantity)).toEqual([3]);
      expect(answer.result.cart.itemCount).toBe(3);
    });

    it('keeps the order’s substitution choice and note, and buys what was asked for, not the substitute', async () => {
      const { api, shopper } = await shopperSession();
      const { db } = getDb();
      const [asked, substitute] = offersOfOneStore(2);
      const order = await pastOrder(db, shopper.userId, asked!.businessId, [
        { ...productLine(asked!, 1), substitution: 'refund', note: 'ripe ones please' },
      ]);
      await db.insert(orderItems).values({
        orderId: order.orderId,
        kind: 'product',
        offerId: substitute!.id,
        productId: substitute!.productId,
        title: 'Substitute',
        options: [],
        quantity: 1,
        unitAmount: substitute!.price.amount,
        regularUnitAmount: substitute!.price.amount,
        lineAmount: substitute!.price.amount,
        substituteForItemId: order.itemIds[0]!,
      });
      const answer = answerOf(await api.post(commercePaths.orderBuyAgain(order.orderId), {}));
      expect(answer.result.lines).toHaveLength(1);
      expect(answer.results).toHaveLength(1);
      expect(answer.results[0]).toMatchObject({
        itemId: asked!.id,
        substitution: 'refund',
        note: 'ripe ones please',
      });
    });

    it('puts a dish back with the same choices, and skips one whose choices changed', async () => {
      const { api, shopper } = await shopperSession();
      const { db } = getDb();
      const withChoice = (entry: MenuItemAt) =>
        entry.item.available &&
        entry.item.optionGroups.some(
          (group) => group.minChoices >= 1 && group.options.some((o) => o.priceDelta.amount > 0),
        );
      const dish = shelf.menuItem(withChoice);
      const other = shelf.menuItem(
        (entry) => withChoice(entry) && entry.businessId === dish.businessId,
      );
      const choicesOf = (entry: MenuItemAt) =>
        entry.item.optionGroups
          .filter((group) => group.minChoices >= 1)
          .map((group) => {
            const option = group.options.find((o) => o.priceDelta.amount > 0) ?? group.options[0]!;
            return {
              groupId: group.id,
              groupName: group.name,
              optionId: option.id,
              name: option.name,
              priceDelta: option.priceDelta,
            };
          })
          .slice(0, 1)
          .concat(
            entry.item.optionGroups
              .filter((group) => group.minChoices >= 1)
              .slice(1)
              .map((group) => ({
                groupId: group.id,
                groupName: group.name,
                optionId: group.options[0]!.id,
                name: group.options[0]!.name,
                priceDelta: group.options[0]!.priceDelta,
              })),
          );
      const chosen = choicesOf(dish);
      const unit = dish.item.price.amount + chosen.reduce((s, o) => s + o.priceDelta.amount, 0);
      const otherChosen = choicesOf(other);
      // The other dish's chosen option is gone from its menu now.
      await db
        .update(menuItems)
        .set({
          optionGroups: other.item.optionGroups.map((group) => ({
            ...group,
            options: group.options.filter((o) => o.id !== otherChosen[0]!.optionId),
          })),
        })
        .where(eq(menuItems.id, other.item.id));
      const order = await pastOrder(db, shopper.userId, dish.businessId, [
        {
          kind: 'menu_item',
          menuItemId: dish.item.id,
          title: 'A dish',
          quantity: 2,
          unitAmount: unit,
          options: chosen,
        },
        {
          kind: 'menu_item',
          menuItemId: other.item.id,
          title: 'B dish',
          quantity: 1,
          unitAmount: other.item.price.amount,
          options: otherChosen,
        },
      ]);
      const answer = answerOf(await api.post(commercePaths.orderBuyAgain(order.orderId), {}));
      expect(lineFor(answer, order.itemIds[0]!)).toMatchObject({
        outcome: 'added',
        inCart: 2,
        changes: [],
      });
      expect(lineFor(answer, order.itemIds[1]!)).toMatchObject({
        outcome: 'skipped',
        changes: [{ code: 'options_changed', message: buyAgainMessages.optionsChanged }],
      });
      expect(answer.results).toHaveLength(1);
      expect(answer.results[0]!.options.map((o) => o.optionId).sort()).toEqual(
        chosen.map((o) => o.optionId).sort(),
      );
      expect(answer.results[0]!.unitPrice.amount).toBe(unit);
    });

    it('tells the shopper the cart also holds another store’s items, and keeps them', async () => {
      const { api, shopper } = await shopperSession();
      const { db } = getDb();
      const [offer] = offersOfOneStore(1);
      const elsewhere = shelf.offer(
        (o) => o.businessId !== offer!.businessId && o.quantity >= 5 && o.sale === null,
      );
      await api.post(commercePaths.cartItems, { kind: 'product', itemId: elsewhere.id });
      const order = await pastOrder(db, shopper.userId, offer!.businessId, [
        productLine(offer!, 1),
      ]);
      const answer = answerOf(await api.post(commercePaths.orderBuyAgain(order.orderId), {}));
      const [otherStore] = await db
        .select({ name: businesses.name })
        .from(businesses)
        .where(eq(businesses.id, elsewhere.businessId));
      expect(answer.result.otherStores).toEqual([otherStore!.name]);
      expect(answer.result.cart.stores).toHaveLength(2);
      expect(answer.results).toHaveLength(2);
    });

    it('skips everything while the store takes no orders, and a service needs a new time', async () => {
      const { api, shopper } = await shopperSession();
      const { db } = getDb();
      const service = shelf.service();
      const serviceOrder = await pastOrder(db, shopper.userId, service.businessId, [
        {
          kind: 'service',
          serviceId: service.id,
          title: 'Class',
          quantity: 1,
          unitAmount: service.price.amount,
        },
      ]);
      const booked = answerOf(
        await api.post(commercePaths.orderBuyAgain(serviceOrder.orderId), {}),
      );
      expect(booked.result.lines[0]).toMatchObject({
        outcome: 'skipped',
        changes: [{ code: 'needs_new_time', message: buyAgainMessages.needsNewTime }],
      });
      expect(booked.message).toBe(buyAgainMessages.summary(0, 1, serviceOrder.number));

      const [offer] = offersOfOneStore(1);
      await db
        .update(businesses)
        .set({ pausedUntil: new Date(CITY_NOW.getTime() + 3 * 60 * 60 * 1000) })
        .where(eq(businesses.id, offer!.businessId));
      const order = await pastOrder(db, shopper.userId, offer!.businessId, [
        productLine(offer!, 1),
      ]);
      const answer = answerOf(await api.post(commercePaths.orderBuyAgain(order.orderId), {}));
      expect(answer.result.lines[0]).toMatchObject({
        outcome: 'skipped',
        changes: [{ code: 'store_not_taking_orders' }],
      });
      expect(answer.result.lines[0]!.changes[0]!.message).toMatch(/paused|orders/i);
      expect(answer.results).toEqual([]);
      await db
        .update(businesses)
        .set({ pausedUntil: null })
        .where(eq(businesses.id, offer!.businessId));
    });

    it('is only for the shopper’s own orders: others’ read as missing, visitors and forged posts are refused', async () => {
      const { app, api, shopper } = await shopperSession();
      const { db } = getDb();
      const [offer] = offersOfOneStore(1);
      const order = await pastOrder(db, shopper.userId, offer!.businessId, [
        productLine(offer!, 1),
      ]);
      const stranger = shopperClient(app, await signedInShopper(db, CITY_NOW));
      const url = commercePaths.orderBuyAgain(order.orderId);
      expectFailure(await stranger.post(url, {}), 404, commerceMessages.orderNotFound);
      expectFailure(
        await api.post(commercePaths.orderBuyAgain(UNKNOWN_ID), {}),
        404,
        commerceMessages.orderNotFound,
      );
      expectFailure(
        await app.inject({ method: 'POST', url, headers: await csrfHeaders(app), payload: {} }),
        401,
        accountMessages.signInRequired,
      );
      expectFailure(
        await app.inject({ method: 'POST', url, payload: {} }),
        403,
        commonMessages.csrfMissing,
      );
      const bad = await api.post(commercePaths.orderBuyAgain('not-an-id'), {});
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ status: 0 });
      const extra = await api.post(url, { quantity: 5 });
      expect(extra.statusCode).toBe(400);
      // Nothing was written by any refusal.
      const rows = await db.select().from(cartItems).where(eq(cartItems.userId, shopper.userId));
      expect(rows).toEqual([]);
    });
  });
}
