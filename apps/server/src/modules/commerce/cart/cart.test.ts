import {
  accountMessages,
  appointmentMessages,
  CART_LINE_MAX_QUANTITY,
  CART_MAX_LINES,
  type CartLine,
  cartResponse,
  type CartResponse,
  commerceMessages,
  commercePaths,
  commonMessages,
  durationLabel,
  formatMoney,
  stockStatus,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses, cartItems, menuItems, offers } from '../../../db/schema/index.ts';
import { testClock } from '../../../test/accounts.ts';
import { csrfHeaders, useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import type { DemoOffer } from '../../catalog/demo/types.ts';
import {
  cityShelf,
  expectFailure,
  shopperClient,
  signedInShopper,
} from './commerce-test-support.ts';
import { readCart, toCartLine } from './read-cart.ts';
import { firstSlotStart } from '../../appointments/appointment-test-support.ts';

const UNKNOWN_ID = '3d6f2b1a-9c8e-4f7d-8a6b-5c4d3e2f1a0b';
const HOUR_MS = 60 * 60 * 1000;

for (const backend of testDatabases()) {
  describe(`cart on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const city = useCatalogCity(getDb);
    const shelf = cityShelf(city);

    /** A signed-in shopper on an app whose clock starts at CITY_NOW and moves by hand. */
    async function shopperSession() {
      const clock = testClock(CITY_NOW);
      const app = await makeApp({ now: clock.now });
      const shopper = await signedInShopper(getDb().db, CITY_NOW);
      return { app, clock, shopper, api: shopperClient(app, shopper) };
    }

    function cartOf(response: { statusCode: number; body: string; json: () => unknown }) {
      expect(response.statusCode, response.body).toBe(200);
      return cartResponse.parse(response.json()) as CartResponse & { status: 1 };
    }

    const addProduct = (offer: DemoOffer, quantity = 1) => ({
      kind: 'product' as const,
      itemId: offer.id,
      quantity,
    });

    const onlyLine = (cart: { results: CartLine[] }): CartLine => {
      expect(cart.results).toHaveLength(1);
      return cart.results[0]!;
    };

    it('answers an empty cart to a new shopper, never cached', async () => {
      const { api } = await shopperSession();
      const response = await api.get(commercePaths.cart);
      const cart = cartOf(response);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(cart).toMatchObject({
        message: commerceMessages.cartLoaded,
        results: [],
        result: { stores: [], itemCount: 0, canCheckout: false },
      });
    });

    it('needs a signed-in shopper', async () => {
      const { app } = await shopperSession();
      const headers = await csrfHeaders(app);
      const anonymous = [
        await app.inject({ method: 'GET', url: commercePaths.cart }),
        await app.inject({
          method: 'POST',
          url: commercePaths.cartItems,
          headers,
          payload: { kind: 'product', itemId: UNKNOWN_ID },
        }),
        await app.inject({ method: 'DELETE', url: commercePaths.cart, headers }),
        await app.inject({
          method: 'GET',
          url: commercePaths.cart,
          headers: { authorization: 'Bearer not-a-session' },
        }),
      ];
      for (const response of anonymous)
        expectFailure(response, 401, accountMessages.signInRequired);
    });

    it('needs the CSRF token on cookie-based changes', async () => {
      const { app } = await shopperSession();
      const forged = [
        await app.inject({
          method: 'POST',
          url: commercePaths.cartItems,
          payload: { kind: 'product', itemId: UNKNOWN_ID },
        }),
        await app.inject({
          method: 'PATCH',
          url: commercePaths.cartItem(UNKNOWN_ID),
          payload: { quantity: 2 },
        }),
        await app.inject({ method: 'DELETE', url: commercePaths.cartItem(UNKNOWN_ID) }),
        await app.inject({ method: 'DELETE', url: commercePaths.cart }),
      ];
      for (const response of forged) expectFailure(response, 403, commonMessages.csrfMissing);
    });

    it('adds a product at its price now and adds an equal line up', async () => {
      const { api } = await shopperSession();
      const offer = shelf.offer();
      const store = shelf.business(offer.businessId);
      const product = [...city().products].find((candidate) => candidate.id === offer.productId)!;

      const added = cartOf(await api.post(commercePaths.cartItems, addProduct(offer, 2)));
      expect(added.message).toBe(commerceMessages.addedToCart);
      const line = onlyLine(added);
      expect(line).toMatchObject({
        kind: 'product',
        businessId: offer.businessId,
        itemId: offer.id,
        productId: offer.productId,
        menuId: null,
        title: product.title,
        subtitle: product.brand,
        options: [],
        quantity: 2,
        maxQuantity: Math.min(CART_LINE_MAX_QUANTITY, offer.quantity),
        unitPrice: offer.price,
        regularUnitPrice: offer.price,
        lineTotal: { amount: offer.price.amount * 2, currency: offer.price.currency },
        priceMatched: false,
        stock: stockStatus(offer.quantity),
        notices: [],
      });
      expect(line.image?.url).toBeTruthy();
      expect(added.result).toMatchObject({ itemCount: 2, canCheckout: true });
      expect(added.result.stores).toEqual([
        expect.objectContaining({
          id: store.id,
          slug: store.slug,
          name: store.name,
          fulfilment: store.fulfilment,
          delivery: store.delivery,
          taxRateBps: 1300,
          lineIds: [line.id],
          subtotal: line.lineTotal,
          itemCount: 2,
        }),
      ]);

      const again = cartOf(await api.post(commercePaths.cartItems, addProduct(offer, 1)));
      expect(onlyLine(again)).toMatchObject({ id: line.id, quantity: 3 });
    });

    it('caps a line at the per-line maximum and at what the store has', async () => {
      const { api } = await shopperSession();
      const plenty = shelf.offer((offer) => offer.quantity > CART_LINE_MAX_QUANTITY + 5);
      await api.post(commercePaths.cartItems, addProduct(plenty, 15));
      const capped = cartOf(await api.post(commercePaths.cartItems, addProduct(plenty, 15)));
      expect(onlyLine(capped).quantity).toBe(CART_LINE_MAX_QUANTITY);
      expectFailure(
        await api.post(commercePaths.cartItems, addProduct(plenty, 1)),
        400,
        commerceMessages.quantityTooHigh,
      );

      const few = shelf.offer((offer) => offer.quantity >= 3 && offer.quantity <= 6);
      const scarce = cartOf(await api.post(commercePaths.cartItems, addProduct(few, 10)));
      const line = scarce.results.find((candidate) => candidate.itemId === few.id)!;
      expect(line).toMatchObject({
        quantity: few.quantity,
        maxQuantity: few.quantity,
        notices: [],
      });
      expectFailure(
        await api.post(commercePaths.cartItems, addProduct(few, 1)),
        409,
        commerceMessages.notEnoughStock(few.quantity),
      );
      expectFailure(
        await api.post(commercePaths.cartItems, addProduct(few, CART_LINE_MAX_QUANTITY + 1)),
        400,
        new RegExp(commerceMessages.quantityTooHigh),
      );
    });

    it('refuses out-of-stock, unknown and unavailable items, and options on a product', async () => {
      const { api } = await shopperSession();
      const soldOut = shelf.offer((offer) => offer.quantity === 0);
      expectFailure(
        await api.post(commercePaths.cartItems, addProduct(soldOut)),
        409,
        commerceMessages.itemOutOfStock,
      );
      for (const kind of ['product', 'menu_item', 'service'] as const) {
        expectFailure(
          await api.post(commercePaths.cartItems, { kind, itemId: UNKNOWN_ID }),
          404,
          commerceMessages.itemNotFound,
        );
      }
      const offMenu = shelf.menuItem((entry) => !entry.item.available);
      expectFailure(
        await api.post(commercePaths.cartItems, { kind: 'menu_item', itemId: offMenu.item.id }),
        409,
        commerceMessages.itemUnavailable,
      );
      expectFailure(
        await api.post(commercePaths.cartItems, {
          ...addProduct(shelf.offer()),
          optionIds: [UNKNOWN_ID],
        }),
        400,
        commerceMessages.optionsInvalid,
      );
      expectFailure(
        await api.post(commercePaths.cartItems, { kind: 'product', itemId: 'not-an-id' }),
        400,
        /itemId/,
      );
      expect(cartOf(await api.get(commercePaths.cart)).results).toEqual([]);
    });

    it("prices menu options and checks each group's min and max", async () => {
      const { api } = await shopperSession();
      const entry = shelf.menuItem(
        ({ item }) =>
          item.available &&
          item.optionGroups.some((group) => group.minChoices >= 1 && group.maxChoices === 1) &&
          item.optionGroups.some((group) => group.options.some((o) => o.priceDelta.amount > 0)),
      );
      const { item } = entry;
      const required = item.optionGroups.find(
        (group) => group.minChoices >= 1 && group.maxChoices === 1,
      )!;
      const add = (optionIds: string[]) =>
        api.post(commercePaths.cartItems, { kind: 'menu_item', itemId: item.id, optionIds });

      // A choice every group accepts: the required group's dearest option, nothing else.
      const dearest = [...required.options].sort(
        (a, b) => b.priceDelta.amount - a.priceDelta.amount,
      );
      const minimal = item.optionGroups.flatMap((group) =>
        group === required
          ? [dearest[0]!.id]
          : group.options.slice(0, group.minChoices).map((o) => o.id),
      );
      const extras = item.optionGroups
        .filter((group) => group !== required)
        .flatMap((group) => group.options.slice(0, group.minChoices));

      expectFailure(
        await add(minimal.filter((id) => id !== dearest[0]!.id)),
        400,
        commerceMessages.optionsInvalid,
      );
      expectFailure(await add([...minimal, UNKNOWN_ID]), 400, commerceMessages.optionsInvalid);
      if (required.options.length > 1) {
        expectFailure(
          await add([...minimal, dearest[1]!.id]),
          400,
          commerceMessages.optionsInvalid,
        );
      }
      expectFailure(await add([...minimal, minimal[0]!]), 400, commerceMessages.optionsInvalid);

      const added = cartOf(await add(minimal));
      const line = onlyLine(added);
      const expectedAmount =
        item.price.amount +
        dearest[0]!.priceDelta.amount +
        extras.reduce((sum, option) => sum + option.priceDelta.amount, 0);
      expect(line).toMatchObject({
        kind: 'menu_item',
        itemId: item.id,
        menuId: entry.menuId,
        productId: null,
        title: item.name,
        subtitle: entry.menuName,
        unitPrice: { amount: expectedAmount, currency: item.price.currency },
        stock: null,
        maxQuantity: CART_LINE_MAX_QUANTITY,
        notices: [],
      });
      expect(line.options.map((option) => option.optionId).sort()).toEqual([...minimal].sort());
      expect(line.options.find((o) => o.optionId === dearest[0]!.id)).toEqual({
        groupId: required.id,
        groupName: required.name,
        optionId: dearest[0]!.id,
        name: dearest[0]!.name,
        priceDelta: dearest[0]!.priceDelta,
      });

      // The same choice in another order is the same line.
      const again = cartOf(await add([...minimal].reverse()));
      expect(onlyLine(again)).toMatchObject({ id: line.id, quantity: 2 });
      if (required.options.length > 1) {
        const other = minimal.map((id) => (id === dearest[0]!.id ? dearest[1]!.id : id));
        const two = cartOf(await add(other));
        expect(two.results).toHaveLength(2);
      }
    });

    it('sells a service at its price, its duration under the title, at the time picked', async () => {
      const { api, app } = await shopperSession();
      const service = shelf.service();
      // A service is booked for a time (issue 15): none picked, nothing added.
      const untimed = await api.post(commercePaths.cartItems, {
        kind: 'service',
        itemId: service.id,
      });
      expect(untimed.statusCode).toBe(400);
      expect(untimed.json()).toEqual({ status: 0, message: appointmentMessages.pickATime });
      const appointmentStartsAt = await firstSlotStart(app, service.id);
      const line = onlyLine(
        cartOf(
          await api.post(commercePaths.cartItems, {
            kind: 'service',
            itemId: service.id,
            appointmentStartsAt,
          }),
        ),
      );
      expect(line.appointment).toMatchObject({ startsAt: appointmentStartsAt, places: 1 });
      expect(line).toMatchObject({
        kind: 'service',
        itemId: service.id,
        title: service.name,
        subtitle: durationLabel(service.durationMinutes),
        unitPrice: service.price,
        stock: null,
        productId: null,
        menuId: null,
      });
    });

    it('refuses a store that takes no orders online, and blocks its lines', async () => {
      const { api } = await shopperSession();
      const offer = shelf.offer();
      const store = shelf.business(offer.businessId);
      const inCart = shelf.offer(
        (candidate) =>
          candidate.businessId === store.id && candidate.quantity >= 5 && candidate.sale === null,
      );
      cartOf(await api.post(commercePaths.cartItems, addProduct(inCart)));
      const db = getDb().db;
      await db
        .update(businesses)
        .set({
          fulfilment: { reservePickup: false, buyOnlinePickup: false, sameDayDelivery: false },
        })
        .where(eq(businesses.id, store.id));
      try {
        expectFailure(
          await api.post(commercePaths.cartItems, addProduct(offer)),
          409,
          commerceMessages.storeSellsNothingOnline,
        );
        const cart = cartOf(await api.get(commercePaths.cart));
        expect(onlyLine(cart).notices).toEqual([
          {
            code: 'unavailable',
            message: commerceMessages.storeSellsNothingOnline,
            blocking: true,
          },
        ]);
        expect(cart.result.canCheckout).toBe(false);
      } finally {
        await db
          .update(businesses)
          .set({ fulfilment: store.fulfilment })
          .where(eq(businesses.id, store.id));
      }
    });

    it(`holds at most ${CART_MAX_LINES} different items`, async () => {
      const { api, shopper } = await shopperSession();
      const fill = Array.from({ length: CART_MAX_LINES }, () => shelf.offer());
      await getDb()
        .db.insert(cartItems)
        .values(
          fill.map((offer) => ({
            userId: shopper.userId,
            businessId: offer.businessId,
            kind: 'product' as const,
            offerId: offer.id,
            itemId: offer.id,
            quantity: 1,
            addedUnitAmount: offer.price.amount,
            currency: offer.price.currency,
          })),
        );
      expectFailure(
        await api.post(commercePaths.cartItems, addProduct(shelf.offer())),
        409,
        commerceMessages.cartFull,
      );
      // Adding to a line already there is not a new line.
      const more = cartOf(await api.post(commercePaths.cartItems, addProduct(fill[0]!)));
      expect(more.results).toHaveLength(CART_MAX_LINES);
    });

    it("changes a line's quantity, never past the store's stock", async () => {
      const { api } = await shopperSession();
      const offer = shelf.offer((candidate) => candidate.quantity >= 5 && candidate.quantity < 15);
      const line = onlyLine(cartOf(await api.post(commercePaths.cartItems, addProduct(offer))));
      const updated = cartOf(await api.patch(commercePaths.cartItem(line.id), { quantity: 4 }));
      expect(updated.message).toBe(commerceMessages.cartUpdated);
      expect(onlyLine(updated)).toMatchObject({ id: line.id, quantity: 4 });
      expectFailure(
        await api.patch(commercePaths.cartItem(line.id), { quantity: offer.quantity + 1 }),
        409,
        commerceMessages.notEnoughStock(offer.quantity),
      );
      expectFailure(
        await api.patch(commercePaths.cartItem(line.id), { quantity: 0 }),
        400,
        // The schema's one sentence for any bad quantity, shown without its field (issueLine).
        commerceMessages.quantityTooHigh,
      );
      expectFailure(
        await api.patch(commercePaths.cartItem(line.id), { quantity: CART_LINE_MAX_QUANTITY + 1 }),
        400,
        new RegExp(commerceMessages.quantityTooHigh),
      );
      expectFailure(
        await api.patch(commercePaths.cartItem(UNKNOWN_ID), { quantity: 2 }),
        404,
        commerceMessages.cartLineNotFound,
      );
      expect(onlyLine(cartOf(await api.get(commercePaths.cart))).quantity).toBe(4);
    });

    it('removes a line and clears the cart', async () => {
      const { api } = await shopperSession();
      const first = shelf.offer();
      const second = shelf.offer();
      const line = onlyLine(cartOf(await api.post(commercePaths.cartItems, addProduct(first))));
      cartOf(await api.post(commercePaths.cartItems, addProduct(second)));

      const removed = cartOf(await api.delete(commercePaths.cartItem(line.id)));
      expect(removed.message).toBe(commerceMessages.removedFromCart);
      expect(onlyLine(removed).itemId).toBe(second.id);
      expectFailure(
        await api.delete(commercePaths.cartItem(line.id)),
        404,
        commerceMessages.cartLineNotFound,
      );

      const cleared = cartOf(await api.delete(commercePaths.cart));
      expect(cleared).toMatchObject({
        message: commerceMessages.cartCleared,
        results: [],
        result: { stores: [], itemCount: 0, canCheckout: false },
      });
    });

    it("never shows or changes another shopper's lines", async () => {
      const owner = await shopperSession();
      const line = onlyLine(
        cartOf(await owner.api.post(commercePaths.cartItems, addProduct(shelf.offer(), 2))),
      );
      const other = shopperClient(owner.app, await signedInShopper(getDb().db, CITY_NOW));
      expect(cartOf(await other.get(commercePaths.cart)).results).toEqual([]);
      expectFailure(
        await other.patch(commercePaths.cartItem(line.id), { quantity: 5 }),
        404,
        commerceMessages.cartLineNotFound,
      );
      expectFailure(
        await other.delete(commercePaths.cartItem(line.id)),
        404,
        commerceMessages.cartLineNotFound,
      );
      cartOf(await other.delete(commercePaths.cart));
      expect(onlyLine(cartOf(await owner.api.get(commercePaths.cart)))).toMatchObject({
        id: line.id,
        quantity: 2,
      });
    });

    it('says when the price changed since the line was added, without blocking', async () => {
      const { api } = await shopperSession();
      const offer = shelf.offer();
      cartOf(await api.post(commercePaths.cartItems, addProduct(offer, 2)));
      const raised = offer.price.amount + 125;
      await getDb().db.update(offers).set({ priceAmount: raised }).where(eq(offers.id, offer.id));

      const cart = cartOf(await api.get(commercePaths.cart));
      expect(onlyLine(cart)).toMatchObject({
        unitPrice: { amount: raised, currency: offer.price.currency },
        lineTotal: { amount: raised * 2, currency: offer.price.currency },
        notices: [
          {
            code: 'price_changed',
            message: commerceMessages.priceChanged(
              formatMoney(offer.price.amount, offer.price.currency),
              formatMoney(raised, offer.price.currency),
            ),
            blocking: false,
          },
        ],
      });
      expect(cart.result.canCheckout).toBe(true);

      // Adding more at the new price is accepting it.
      const accepted = cartOf(await api.post(commercePaths.cartItems, addProduct(offer)));
      expect(onlyLine(accepted).notices).toEqual([]);
    });

    it('blocks checkout when the store has fewer than the line wants, or none', async () => {
      const { api } = await shopperSession();
      const offer = shelf.offer((candidate) => candidate.quantity >= 5 && candidate.sale === null);
      cartOf(await api.post(commercePaths.cartItems, addProduct(offer, 4)));
      const setStock = (quantity: number) =>
        getDb().db.update(offers).set({ quantity }).where(eq(offers.id, offer.id));

      await setStock(2);
      const short = cartOf(await api.get(commercePaths.cart));
      expect(onlyLine(short)).toMatchObject({
        quantity: 4,
        maxQuantity: 2,
        stock: stockStatus(2),
        notices: [
          { code: 'not_enough_stock', message: commerceMessages.notEnoughStock(2), blocking: true },
        ],
      });
      expect(short.result.canCheckout).toBe(false);

      await setStock(0);
      const none = cartOf(await api.get(commercePaths.cart));
      expect(onlyLine(none)).toMatchObject({
        maxQuantity: 0,
        notices: [
          { code: 'out_of_stock', message: commerceMessages.itemOutOfStock, blocking: true },
        ],
      });
      expect(none.result.canCheckout).toBe(false);

      // Lowering the line to what is there is how the shopper fixes it.
      await setStock(2);
      const line = onlyLine(none);
      const fixed = cartOf(await api.patch(commercePaths.cartItem(line.id), { quantity: 2 }));
      expect(onlyLine(fixed).notices).toEqual([]);
      expect(fixed.result.canCheckout).toBe(true);
    });

    it('applies a sale inside its window only', async () => {
      const { api, clock } = await shopperSession();
      const offer = shelf.offer();
      const saleAmount = offer.price.amount - 50;
      await getDb()
        .db.update(offers)
        .set({
          saleAmount,
          saleStartsAt: new Date(CITY_NOW.getTime() - HOUR_MS),
          saleEndsAt: new Date(CITY_NOW.getTime() + HOUR_MS),
        })
        .where(eq(offers.id, offer.id));

      const onSale = onlyLine(cartOf(await api.post(commercePaths.cartItems, addProduct(offer))));
      expect(onSale).toMatchObject({
        unitPrice: { amount: saleAmount, currency: offer.price.currency },
        regularUnitPrice: offer.price,
        priceMatched: false,
        notices: [],
      });

      clock.advance(2 * HOUR_MS);
      const over = onlyLine(cartOf(await api.get(commercePaths.cart)));
      expect(over.unitPrice).toEqual(offer.price);
      expect(over.notices).toEqual([
        {
          code: 'price_changed',
          message: commerceMessages.priceChanged(
            formatMoney(saleAmount, offer.price.currency),
            formatMoney(offer.price.amount, offer.price.currency),
          ),
          blocking: false,
        },
      ]);
    });

    it('marks a menu line unavailable when the kitchen runs out or an option goes', async () => {
      const { api } = await shopperSession();
      const entry = shelf.menuItem(
        ({ item }) =>
          item.available &&
          item.optionGroups.length > 0 &&
          item.optionGroups.every((group) => group.minChoices === 0 || group.options.length > 1),
      );
      const { item } = entry;
      const chosen = item.optionGroups.flatMap((group) =>
        group.options.slice(0, Math.max(1, group.minChoices)).slice(0, group.maxChoices),
      );
      const added = cartOf(
        await api.post(commercePaths.cartItems, {
          kind: 'menu_item',
          itemId: item.id,
          optionIds: chosen.map((option) => option.id),
        }),
      );
      expect(onlyLine(added).notices).toEqual([]);
      const db = getDb().db;
      const unavailable = {
        code: 'unavailable',
        message: commerceMessages.itemUnavailable,
        blocking: true,
      };

      await db.update(menuItems).set({ available: false }).where(eq(menuItems.id, item.id));
      const soldOut = cartOf(await api.get(commercePaths.cart));
      expect(onlyLine(soldOut).notices).toEqual([unavailable]);
      expect(soldOut.result.canCheckout).toBe(false);

      const gone = chosen[0]!.id;
      await db
        .update(menuItems)
        .set({
          available: true,
          optionGroups: item.optionGroups.map((group) => ({
            ...group,
            options: group.options.filter((option) => option.id !== gone),
            maxChoices: Math.min(
              group.maxChoices,
              group.options.filter((option) => option.id !== gone).length,
            ),
          })),
        })
        .where(eq(menuItems.id, item.id));
      expect(onlyLine(cartOf(await api.get(commercePaths.cart))).notices).toEqual([unavailable]);
    });

    it('groups lines by store with what checkout needs of each', async () => {
      const { api, shopper, app } = await shopperSession();
      const first = shelf.offer();
      const second = shelf.offer(
        (offer) =>
          offer.businessId !== first.businessId && offer.quantity >= 5 && offer.sale === null,
      );
      const service = shelf.service();
      cartOf(await api.post(commercePaths.cartItems, addProduct(first, 2)));
      cartOf(
        await api.post(commercePaths.cartItems, {
          kind: 'service',
          itemId: service.id,
          appointmentStartsAt: await firstSlotStart(app, service.id),
        }),
      );
      const cart = cartOf(await api.post(commercePaths.cartItems, addProduct(second, 3)));

      const names = cart.result.stores.map((store) => store.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      const storeIds = new Set([first.businessId, second.businessId, service.businessId]);
      expect(cart.result.stores.map((store) => store.id).sort()).toEqual([...storeIds].sort());
      // Lines follow their stores.
      const lineStores = cart.results.map((line) => line.businessId);
      const storeOrder = cart.result.stores.map((store) => store.id);
      expect(lineStores).toEqual(
        [...lineStores].sort((a, b) => storeOrder.indexOf(a) - storeOrder.indexOf(b)),
      );
      for (const store of cart.result.stores) {
        const lines = cart.results.filter((line) => line.businessId === store.id);
        expect(store.lineIds).toEqual(lines.map((line) => line.id));
        expect(store.subtotal.amount).toBe(lines.reduce((sum, l) => sum + l.lineTotal.amount, 0));
        expect(store.itemCount).toBe(lines.reduce((sum, l) => sum + l.quantity, 0));
      }
      expect(cart.result.itemCount).toBe(6);

      // The same read inside a transaction, as checkout makes it, with the internal fields.
      const inside = await getDb().db.transaction((tx) => readCart(tx, shopper.userId, CITY_NOW));
      expect(inside.lines.map(toCartLine)).toEqual(cart.results);
      expect(inside.summary).toEqual(cart.result);
      const product = inside.lines.find((line) => line.itemId === first.id)!;
      expect(product).toMatchObject({
        offerId: first.id,
        menuItemId: null,
        serviceId: null,
        availableQuantity: first.quantity,
        priceMatchId: null,
      });
      const booked = inside.lines.find((line) => line.itemId === service.id)!;
      expect(booked).toMatchObject({
        serviceId: service.id,
        offerId: null,
        availableQuantity: null,
      });
      expect(Object.keys(toCartLine(product)).sort()).toEqual(Object.keys(cart.results[0]!).sort());
    });
  });
}
