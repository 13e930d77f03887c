import {
  catalogPaths,
  haversineKm,
  type ProductSummary,
  productListResponse,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { offers } from '../../../db/schema/index.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import type { DemoOffer } from '../demo/types.ts';
import { roundKm } from '../shared/business-ref.ts';

/**
 * Issue 17, "cards tell the truth": a product sold cheap by a near store that is out of stock and
 * dearer by a farther store that has it. The card names the farther store at its price, the
 * distance order places the card at that store's distance and the price orders at that price.
 */
for (const backend of testDatabases()) {
  describe(`the offer a product card shows on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const city = useCatalogCity(getDb);
    const app = () => makeApp({ now: () => CITY_NOW });
    const RADIUS_KM = 25;
    let here: { lat: number; lng: number };
    let categorySlug: string;
    let productId: string;
    let near: DemoOffer;
    let far: DemoOffer;

    /** A store's distance as a card rounds it. */
    const shownKm = (offer: DemoOffer) => roundKm(km(offer)) ?? -1;
    const km = (offer: DemoOffer) => {
      const store = city().businesses.find((business) => business.id === offer.businessId);
      if (!store) throw new Error('no store');
      return haversineKm(here, store);
    };

    async function setOffer(offer: DemoOffer, priceAmount: number, quantity: number) {
      await getDb()
        .db.update(offers)
        .set({ priceAmount, quantity, saleAmount: null, saleStartsAt: null, saleEndsAt: null })
        .where(eq(offers.id, offer.id));
    }

    beforeAll(async () => {
      const store = city().businesses[0];
      if (!store) throw new Error('no businesses');
      here = { lat: store.lat, lng: store.lng };
      // A product with offers at three or more stores of different distances, all in the radius.
      const byProduct = new Map<string, DemoOffer[]>();
      for (const offer of [...city().offers]) {
        byProduct.set(offer.productId, [...(byProduct.get(offer.productId) ?? []), offer]);
      }
      const [id, sold] =
        [...byProduct].find(
          ([, list]) =>
            list.length >= 3 &&
            list.every((offer) => km(offer) < RADIUS_KM) &&
            new Set(list.map((offer) => roundKm(km(offer)))).size === list.length,
        ) ?? [];
      if (!id || !sold) throw new Error('no product sold at three stores');
      productId = id;
      const product = [...city().products].find((p) => p.id === id);
      const category = city().categories.find((c) => c.id === product?.categoryId);
      if (!category) throw new Error('no category');
      categorySlug = category.slug;
      const sorted = [...sold].sort((a, b) => km(a) - km(b));
      near = sorted[0]!;
      far = sorted.at(-1)!;
      // The nearest store is cheapest but out of stock; the farthest has it, dearer; the others
      // are out of stock and dearer still.
      for (const offer of sorted) await setOffer(offer, 2000, 0);
      await setOffer(near, 419, 0);
      await setOffer(far, 549, 10);
    });

    async function listAll(server: FastifyInstance, sort: string): Promise<ProductSummary[]> {
      const all: ProductSummary[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 100; page++) {
        const params = new URLSearchParams({
          category: categorySlug,
          lat: String(here.lat),
          lng: String(here.lng),
          radiusKm: String(RADIUS_KM),
          sort,
          limit: '7',
          ...(cursor === null ? {} : { cursor }),
        });
        const response = await server.inject({
          method: 'GET',
          url: `${catalogPaths.products}?${params.toString()}`,
        });
        expect(response.statusCode, response.body).toBe(200);
        const body = productListResponse.parse(response.json());
        if (body.status !== 1) throw new Error(body.message);
        all.push(...body.results);
        cursor = body.nextCursor;
        if (cursor === null) return all;
      }
      throw new Error('paging does not end');
    }

    it('names the in-stock store at its price, not the nearer out-of-stock one', async () => {
      const cards = await listAll(await app(), 'distance');
      const card = cards.find((c) => c.id === productId);
      expect(card?.lowestPrice?.amount).toBe(549);
      expect(card?.bestOffer?.business.id).toBe(far.businessId);
      expect(card?.bestOffer?.currentPrice.amount).toBe(549);
      expect(card?.bestOffer?.stock.inStock).toBe(true);
      expect(card?.bestOffer?.distanceKm).toBe(roundKm(km(far)));
      expect(shownKm(near)).toBeLessThan(shownKm(far));
    });

    it('sorts nearest first by the distance of the store each card shows', async () => {
      const cards = await listAll(await app(), 'distance');
      const distances = cards.map((c) => c.bestOffer?.distanceKm ?? -1);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      // Cards whose store is nearer than the far store come first, not after a 0 km-ish key.
      const index = cards.findIndex((c) => c.id === productId);
      expect(
        cards.slice(index + 1).every((c) => (c.bestOffer?.distanceKm ?? 0) >= shownKm(far)),
      ).toBe(true);
      expect(
        cards.slice(0, index).some((c) => (c.bestOffer?.distanceKm ?? 0) > shownKm(near)),
      ).toBe(true);
    });

    it.each(['price_asc', 'price_desc'] as const)(
      '%s sorts by the price each card shows',
      async (sort) => {
        const cards = await listAll(await app(), sort);
        for (const c of cards) expect(c.bestOffer?.currentPrice.amount).toBe(c.lowestPrice?.amount);
        const prices = cards.map((c) => c.lowestPrice?.amount ?? -1);
        const ascending = [...prices].sort((a, b) => a - b);
        expect(prices).toEqual(sort === 'price_asc' ? ascending : ascending.reverse());
        expect(cards.find((c) => c.id === productId)?.lowestPrice?.amount).toBe(549);
      },
    );

    it('with no store in stock shows the lowest price overall, out of stock', async () => {
      await setOffer(far, 549, 0);
      try {
        const cards = await listAll(await app(), 'price_asc');
        const card = cards.find((c) => c.id === productId);
        expect(card?.lowestPrice?.amount).toBe(419);
        expect(card?.bestOffer?.business.id).toBe(near.businessId);
        expect(card?.bestOffer?.stock.inStock).toBe(false);
        expect(card?.bestOffer?.stock.label).toBe('Out of stock');
      } finally {
        await setOffer(far, 549, 10);
      }
    });
  });
}
