import { randomUUID } from 'node:crypto';
import {
  cartResponse,
  type CartStore,
  checkoutQuoteResponse,
  type CheckoutQuote,
  commerceMessages as m,
  commercePaths,
  type DeliverySettings,
  type OpeningHours,
  WEEKDAYS,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { businesses } from '../../../db/schema/catalog.ts';
import { orders } from '../../../db/schema/commerce.ts';
import { useTestApp } from '../../../test/app.ts';
import { useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import type { DemoOffer } from '../../catalog/demo/types.ts';
import { cityShelf, type ShopperClient, shopperWithClient } from '../cart/commerce-test-support.ts';
import {
  addProduct,
  addressNear,
  listenOnFreePort,
  setStock,
  setStoreTerms,
  unusedStoreOffer,
} from './checkout-test-support.ts';

/**
 * Issue 12, defect 9: every time checkout promises is counted on the store's hours and time zone.
 * The clock is the test's: Thursday 19 Nov 2026 in Toronto (EST, UTC-5).
 */
const toronto = (day: number, hour: number, minute = 0) =>
  new Date(Date.UTC(2026, 10, day, hour + 5, minute));

const cad = (amount: number) => ({ amount, currency: 'CAD' });
const DELIVERY: DeliverySettings = {
  radiusKm: 5,
  fee: cad(499),
  minimumOrder: cad(100),
  cutoffTime: '14:00',
};

/** The same interval every day of the week, in Toronto. */
function everyDay(open: string, close: string): OpeningHours {
  return {
    timeZone: 'America/Toronto',
    weekly: Object.fromEntries(
      WEEKDAYS.map((day) => [day, [{ open, close }]]),
    ) as OpeningHours['weekly'],
    holidays: [],
  };
}

for (const backend of testDatabases()) {
  describe(`promised times on the store's hours on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const shelf = cityShelf(useCatalogCity(getDb));
    const usedStores = new Set<string>();
    let now = toronto(19, 12);

    async function app(): Promise<FastifyInstance> {
      return (await listenOnFreePort(makeApp, { now: () => now })).app;
    }

    /** A store nobody else uses, open `hours`, offering every method, with 20 units of `offer`. */
    async function store(
      hours: OpeningHours,
      pickupReadyMinutes: number | null = 120,
      delivery: DeliverySettings = DELIVERY,
    ): Promise<{ offer: DemoOffer; name: string; lat: number; lng: number }> {
      const db = getDb().db;
      const offer = unusedStoreOffer(shelf, usedStores);
      await db
        .update(businesses)
        .set({ hours, pickupReadyMinutes, pausedUntil: null })
        .where(eq(businesses.id, offer.businessId));
      await setStoreTerms(db, offer.businessId, {
        fulfilment: { reservePickup: true, buyOnlinePickup: true, sameDayDelivery: true },
        delivery,
        taxRateBps: 1300,
      });
      await setStock(db, offer.id, 20);
      const business = shelf.business(offer.businessId);
      return { offer, name: business.name, lat: business.lat, lng: business.lng };
    }

    async function cartStore(api: ShopperClient, businessId: string): Promise<CartStore> {
      const response = await api.get(commercePaths.cart);
      expect(response.statusCode, response.body).toBe(200);
      const parsed = cartResponse.parse(response.json());
      if (parsed.status !== 1) throw new Error(response.body);
      return parsed.result.stores.find((candidate) => candidate.id === businessId)!;
    }

    async function quote(api: ShopperClient, body: unknown): Promise<CheckoutQuote> {
      const response = await api.post(commercePaths.checkoutQuote, body);
      expect(response.statusCode, response.body).toBe(200);
      const parsed = checkoutQuoteResponse.parse(response.json());
      if (parsed.status !== 1) throw new Error(response.body);
      return parsed.result;
    }

    /** Places a reserve order for one unit at the app's clock; answers the order row's readyBy. */
    async function placeReserve(api: ShopperClient, offer: DemoOffer) {
      const response = await api.post(commercePaths.checkouts, {
        stores: [{ businessId: offer.businessId, fulfilment: 'reserve_pickup' }],
        idempotencyKey: `key-${randomUUID()}`,
      });
      expect(response.statusCode, response.body).toBe(201);
      const checkoutId = (response.json() as { result: { id: string } }).result.id;
      const [order] = await getDb()
        .db.select({ id: orders.id, readyBy: orders.readyBy })
        .from(orders)
        .where(eq(orders.checkoutId, checkoutId));
      const detail = await api.get(commercePaths.order(order!.id));
      expect(detail.statusCode, detail.body).toBe(200);
      const shown = (detail.json() as { result: { pickupPromise: string | null } }).result;
      return { readyBy: order!.readyBy, pickupPromise: shown.pickupPromise };
    }

    it('refuses same-day delivery at 22:20 with the cut-off reason, before any address is chosen', async () => {
      now = toronto(19, 22, 20);
      const server = await app();
      const { who, api } = await shopperWithClient(server, getDb().db, now);
      const late = await store(everyDay('10:00', '23:00'));
      await addProduct(api, late.offer);
      const reason = m.deliveryAfterCutoff(late.name, '14:00');

      expect((await cartStore(api, late.offer.businessId)).deliveryUnavailable).toBe(reason);
      const deliver = (addressId?: string) =>
        quote(api, {
          stores: [
            {
              businessId: late.offer.businessId,
              fulfilment: 'same_day_delivery',
              ...(addressId ? { addressId } : {}),
            },
          ],
        });
      const noAddress = await deliver();
      expect(noAddress.canPlace).toBe(false);
      expect(noAddress.stores[0]!.problems).toEqual([reason, m.deliveryAddressRequired]);
      const near = await addressNear(getDb().db, who.userId, late, 1);
      expect((await deliver(near)).stores[0]!.problems).toEqual([reason]);

      // Pickup is still fine, and says when: the store closes at 23:00, so tomorrow.
      const pickup = await quote(api, {
        stores: [{ businessId: late.offer.businessId, fulfilment: 'reserve_pickup' }],
      });
      expect(pickup.canPlace).toBe(true);
      expect(pickup.stores[0]!.pickupPromise).toBe('Ready tomorrow from 12:00');
    }, 60_000);

    it('refuses same-day delivery before the cut-off when the store does not open again today', async () => {
      now = toronto(19, 12);
      const server = await app();
      const { who, api } = await shopperWithClient(server, getDb().db, now);
      const mornings = await store(everyDay('08:00', '11:00'));
      await addProduct(api, mornings.offer);
      const reason = m.deliveryClosedToday(mornings.name);
      const cart = await cartStore(api, mornings.offer.businessId);
      expect(cart.deliveryUnavailable).toBe(reason);
      expect(cart.pickupPromise).toBe('Ready tomorrow from 10:00');
      const near = await addressNear(getDb().db, who.userId, mornings, 1);
      const quoted = await quote(api, {
        stores: [
          {
            businessId: mornings.offer.businessId,
            fulfilment: 'same_day_delivery',
            addressId: near,
          },
        ],
      });
      expect(quoted.stores[0]!.problems).toEqual([reason]);
      expect(quoted.canPlace).toBe(false);
    }, 60_000);

    it('makes a reserve order placed 4 minutes before closing ready at the next opening plus the ready time', async () => {
      now = toronto(19, 22, 56);
      const server = await app();
      const { api } = await shopperWithClient(server, getDb().db, now);
      const closing = await store(everyDay('10:00', '23:00'), 120);
      await addProduct(api, closing.offer);
      expect((await cartStore(api, closing.offer.businessId)).pickupPromise).toBe(
        'Ready tomorrow from 12:00',
      );
      const placed = await placeReserve(api, closing.offer);
      expect(placed.readyBy?.toISOString()).toBe(toronto(20, 12).toISOString());
      expect(placed.pickupPromise).toBe('Ready tomorrow from 12:00');
    }, 60_000);

    it('makes a reserve order placed with time to spare ready after the ready time, today', async () => {
      now = toronto(19, 13, 45);
      const server = await app();
      const { api } = await shopperWithClient(server, getDb().db, now);
      const open = await store(everyDay('10:00', '23:00'), 120);
      await addProduct(api, open.offer);
      expect((await cartStore(api, open.offer.businessId)).pickupPromise).toBe(
        'Usually ready in 2 h',
      );
      const placed = await placeReserve(api, open.offer);
      expect(placed.readyBy?.toISOString()).toBe(toronto(19, 15, 45).toISOString());
      expect(placed.pickupPromise).toBe('Ready by 15:45');
    }, 60_000);
  });
}
