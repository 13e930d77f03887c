import {
  catalogPaths,
  commercePaths,
  commonMessages,
  managePaths,
  storeAvailabilityMessages,
} from '@localmart/contract';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../../../db/schema/index.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { shopperWithClient } from '../../commerce/cart/commerce-test-support.ts';
import { manageClient, person } from '../../manage/manage-test-support.ts';
import type { DemoCity } from '../demo/generate-city.ts';
import type { DemoBusiness } from '../demo/types.ts';

const TODAY = '2026-11-19'; // CITY_NOW in Toronto

/** One store of each kind with something on every tab a shopper can open. */
function storesWithEverything(city: DemoCity) {
  const has = <T extends { businessId: string }>(list: Iterable<T>) => {
    const ids = new Set<string>();
    for (const row of list) ids.add(row.businessId);
    return ids;
  };
  const flyers = [...city.flyers].filter((f) => f.validFrom <= TODAY && f.validTo >= TODAY);
  const withFlyer = has(flyers);
  const withTeam = has(city.teamMembers);
  const withGallery = has(city.galleryItems);
  const withOffers = has(city.offers);
  const orderable = (b: DemoBusiness) =>
    b.fulfilment.reservePickup || b.fulfilment.buyOnlinePickup || b.fulfilment.sameDayDelivery;
  const retail = city.businesses.find(
    (b) =>
      b.kind === 'retail' &&
      orderable(b) &&
      withFlyer.has(b.id) &&
      withTeam.has(b.id) &&
      withGallery.has(b.id) &&
      withOffers.has(b.id),
  );
  const restaurant = city.businesses.find(
    (b) => b.kind === 'restaurant' && orderable(b) && has(city.menus).has(b.id),
  );
  const service = city.businesses.find(
    (b) => b.kind === 'service' && orderable(b) && has(city.services).has(b.id),
  );
  if (!retail || !restaurant || !service) throw new Error('the test city lacks a complete store');
  return {
    retail,
    restaurant,
    service,
    flyer: flyers.find((f) => f.businessId === retail.id)!,
    offer: [...city.offers].find((o) => o.businessId === retail.id && o.quantity >= 5)!,
    team: [...city.teamMembers].find((t) => t.businessId === retail.id)!,
    menu: [...city.menus].find((m) => m.businessId === restaurant.id)!,
    serviceItem: [...city.services].find((s) => s.businessId === service.id)!,
  };
}

for (const backend of testDatabases()) {
  describe(`shopper visibility of unpublished and paused stores on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const city = useCatalogCity(getDb);
    let picked: ReturnType<typeof storesWithEverything>;

    beforeAll(() => {
      picked = storesWithEverything(city());
    });

    async function setStatus(ids: string[], status: 'pending' | 'published') {
      for (const id of ids) {
        await getDb().db.update(businesses).set({ status }).where(eq(businesses.id, id));
      }
    }

    /** Everything a shopper can ask about the picked stores, as status codes and listed ids. */
    async function shopperView(app: FastifyInstance) {
      const get = async (url: string) => {
        const response = await app.inject({ method: 'GET', url });
        return { status: response.statusCode, body: response.json() };
      };
      const ids = (body: { results?: { id: string }[] }) => (body.results ?? []).map((r) => r.id);
      const near = `lat=${picked.retail.lat}&lng=${picked.retail.lng}&radiusKm=2`;
      const { retail, restaurant, service } = picked;
      const productDetail = await get(catalogPaths.product(picked.offer.productId));
      const businessList = await get(`${catalogPaths.businesses}?${near}&sort=distance&limit=50`);
      const searched = await get(
        `${catalogPaths.businesses}?q=${encodeURIComponent(retail.name)}&limit=50`,
      );
      return {
        detail: (await get(catalogPaths.business(retail.id))).status,
        team: (await get(catalogPaths.businessTeam(retail.id))).status,
        teamMember: (await get(catalogPaths.businessTeamMember(retail.id, picked.team.id))).status,
        gallery: (await get(catalogPaths.businessGallery(retail.id))).status,
        inNearbyList: ids(businessList.body).includes(retail.id),
        inSearch: ids(searched.body).includes(retail.id),
        products: ids((await get(`${catalogPaths.products}?businessId=${retail.id}`)).body).length,
        offerOnProduct: (productDetail.body.result.offers as { business: { id: string } }[]).some(
          (o) => o.business.id === retail.id,
        ),
        flyers: ids((await get(`${catalogPaths.flyers}?businessId=${retail.id}`)).body).length,
        flyer: (await get(catalogPaths.flyer(picked.flyer.id))).status,
        menus: (await get(catalogPaths.businessMenus(restaurant.id))).status,
        menu: (await get(catalogPaths.menu(restaurant.id, picked.menu.id))).status,
        foodItems: ids((await get(`${catalogPaths.foodItems}?businessId=${restaurant.id}`)).body)
          .length,
        services: ids((await get(`${catalogPaths.services}?businessId=${service.id}`)).body).length,
        service: (await get(catalogPaths.service(service.id, picked.serviceItem.id))).status,
      };
    }

    it('hides a pending store everywhere, refuses its items in the cart, and shows it once approved', async () => {
      const { db } = getDb();
      const app = await makeApp({ now: () => CITY_NOW });
      const ids = [picked.retail.id, picked.restaurant.id, picked.service.id];
      const before = await shopperView(app);
      expect(before).toMatchObject({
        detail: 200,
        team: 200,
        teamMember: 200,
        gallery: 200,
        inNearbyList: true,
        inSearch: true,
        offerOnProduct: true,
        flyer: 200,
        menus: 200,
        menu: 200,
        service: 200,
      });
      expect(before.products).toBeGreaterThan(0);
      expect(before.flyers).toBe(1);
      expect(before.foodItems).toBeGreaterThan(0);
      expect(before.services).toBeGreaterThan(0);

      await setStatus(ids, 'pending');
      try {
        const hidden = await shopperView(app);
        expect(hidden).toEqual({
          detail: 404,
          team: 404,
          teamMember: 404,
          gallery: 404,
          inNearbyList: false,
          inSearch: false,
          products: 0,
          offerOnProduct: false,
          flyers: 0,
          flyer: 404,
          menus: 404,
          menu: 404,
          foodItems: 0,
          services: 0,
          service: 404,
        });
        const notFound = await app.inject({
          method: 'GET',
          url: catalogPaths.business(picked.retail.id),
        });
        expect(notFound.json()).toEqual({ status: 0, message: commonMessages.notFound });

        const { api } = await shopperWithClient(app, db, CITY_NOW);
        const add = await api.post(commercePaths.cartItems, {
          kind: 'product',
          itemId: picked.offer.id,
          quantity: 1,
        });
        expect(add.statusCode).toBe(404);
        expect(add.json()).toEqual({ status: 0, message: storeAvailabilityMessages.notAvailable });
        const addService = await api.post(commercePaths.cartItems, {
          kind: 'service',
          itemId: picked.serviceItem.id,
          quantity: 1,
        });
        expect(addService.statusCode).toBe(404);

        // The admin approves: the store is back wherever it was.
        const admin = await person(db, CITY_NOW, { admin: true });
        for (const id of ids) {
          const approved = await manageClient(app, admin).post(
            managePaths.adminBusinessReview(id),
            {
              decision: 'approve',
            },
          );
          expect(approved.statusCode, approved.body).toBe(200);
        }
        const after = await shopperView(app);
        expect(after).toEqual(before);
      } finally {
        await setStatus(ids, 'published');
      }
    });

    it('shows a paused store as closed until the date, and takes no order from it', async () => {
      const { db } = getDb();
      const app = await makeApp({ now: () => CITY_NOW });
      const until = new Date(CITY_NOW.getTime() + 4 * 24 * 3_600_000); // Mon Nov 23, 14:30 local
      const { api } = await shopperWithClient(app, db, CITY_NOW);
      const addOffer = () =>
        api.post(commercePaths.cartItems, {
          kind: 'product',
          itemId: picked.offer.id,
          quantity: 1,
        });
      // In the cart before the pause: the line stays, blocked.
      expect((await addOffer()).statusCode).toBe(200);

      await db
        .update(businesses)
        .set({ pausedUntil: until })
        .where(eq(businesses.id, picked.retail.id));
      try {
        const detail = await app.inject({
          method: 'GET',
          url: catalogPaths.business(picked.retail.id),
        });
        expect(detail.statusCode).toBe(200);
        expect(detail.json().result.openState).toEqual({
          open: false,
          status: 'Closed',
          detail: 'paused until Mon Nov 23 14:30',
          text: 'Closed · paused until Mon Nov 23 14:30',
          changesAt: until.toISOString(),
        });
        const listed = await app.inject({
          method: 'GET',
          url: `${catalogPaths.products}?businessId=${picked.retail.id}`,
        });
        expect(listed.json().results.length).toBeGreaterThan(0);

        const message = storeAvailabilityMessages.paused(picked.retail.name, 'Mon Nov 23 14:30');
        const add = await addOffer();
        expect(add.statusCode).toBe(409);
        expect(add.json()).toEqual({ status: 0, message });

        const cart = await api.get(commercePaths.cart);
        const line = (cart.json().results as { businessId: string; notices: unknown[] }[]).find(
          (l) => l.businessId === picked.retail.id,
        );
        expect(line?.notices).toContainEqual({ code: 'unavailable', message, blocking: true });
        expect(cart.json().result.canCheckout).toBe(false);

        // Once the pause is over, orders are welcome again.
        const later = await makeApp({ now: () => new Date(until.getTime() + 60_000) });
        const { api: laterApi } = await shopperWithClient(later, db, CITY_NOW);
        const again = await laterApi.post(commercePaths.cartItems, {
          kind: 'product',
          itemId: picked.offer.id,
          quantity: 1,
        });
        expect(again.statusCode, again.body).toBe(200);
      } finally {
        await db
          .update(businesses)
          .set({ pausedUntil: null })
          .where(eq(businesses.id, picked.retail.id));
      }
    });
  });
}
