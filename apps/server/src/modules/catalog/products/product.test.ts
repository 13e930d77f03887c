import {
  catalogPaths,
  commonMessages,
  type ProductSummary,
  productDetailResponse,
  productListResponse,
  STOCK_LABELS,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { offers } from '../../../db/schema/index.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { roundKm } from '../shared/business-ref.ts';
import { CityModel, type ExpectedCard, expectedOrders } from './product-expectations.ts';

const UNKNOWN_ID = '6f1c1b1e-8a8b-4a7e-9d51-3d2f1c1e0a11';
const mentionsMilk = (text: string) => /\bmilk/i.test(text);

type Params = Record<string, string | number | boolean>;

function urlOf(params: Params): string {
  const search = new URLSearchParams(
    Object.entries(params).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return `${catalogPaths.products}?${search.toString()}`;
}

/** Every page of a listing, following nextCursor; fails on a repeated product. */
async function listAll(app: FastifyInstance, params: Params): Promise<ProductSummary[]> {
  const all: ProductSummary[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 200; page++) {
    const response = await app.inject({
      method: 'GET',
      url: urlOf(cursor === null ? params : { ...params, cursor }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = productListResponse.parse(response.json());
    if (body.status !== 1) throw new Error(body.message);
    all.push(...body.results);
    cursor = body.nextCursor;
    if (cursor === null) break;
  }
  expect(cursor, 'ran out of pages').toBeNull();
  expect(new Set(all.map((card) => card.id)).size).toBe(all.length);
  return all;
}

const cardFacts = (card: ProductSummary) => ({
  id: card.id,
  offerCount: card.offerCount,
  lowestPrice: card.lowestPrice?.amount,
});
const expectedFacts = (card: ExpectedCard) => ({
  id: card.id,
  offerCount: card.offerCount,
  lowestPrice: card.lowestPrice,
});

for (const backend of testDatabases()) {
  describe(`products on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const city = useCatalogCity(getDb);
    let model: CityModel;
    /** Dairy & Eggs: the parent of the milk category, a subtree of a few hundred products. */
    let dairySlug: string;
    let dairyTree: Set<string>;

    beforeAll(async () => {
      model = new CityModel(city(), CITY_NOW);
      const milk = city().categories.find((category) => category.slug === 'milk');
      const dairy = city().categories.find((category) => category.id === milk?.parentId);
      if (!dairy) throw new Error('the demo city has no parent of the milk category');
      dairySlug = dairy.slug;
      dairyTree = model.categoryTree(dairySlug);
    });

    const app = () => makeApp({ now: () => CITY_NOW });
    /** What a product is found by (ADR 0014): title, brand and its category's path. */
    const searchableText = (p: { title: string; brand: string; categoryId: string }) => {
      const names: string[] = [];
      let id: string | null | undefined = p.categoryId;
      while (id) {
        const category = city().categories.find((candidate) => candidate.id === id);
        if (!category) break;
        names.push(category.name);
        id = category.parentId;
      }
      return `${p.title} ${p.brand} ${names.join(' ')}`;
    };
    const inDairy = () => (product: { categoryId: string }) => dairyTree.has(product.categoryId);

    describe('text search', () => {
      it('finds every product with milk in its title, brand or category, title and brand matches first, never one that mentions milk only in its description', async () => {
        const results = await listAll(await app(), { q: 'milk', limit: 50 });
        // Issue 17 (ADR 0014): muesli "great with milk" is not milk.
        const expected = model.products.filter((p) => mentionsMilk(searchableText(p)));
        expect(results.map((card) => card.id).sort()).toEqual(expected.map((p) => p.id).sort());
        expect(
          model.products.some(
            (p) => mentionsMilk(p.description) && !mentionsMilk(searchableText(p)),
          ),
        ).toBe(true);

        const inName = (card: ProductSummary) => mentionsMilk(`${card.title} ${card.brand}`);
        const lastNameMatch = results.findLastIndex(inName);
        const firstCategoryOnly = results.findIndex((card) => !inName(card));
        expect(lastNameMatch).toBeGreaterThanOrEqual(0);
        if (firstCategoryOnly >= 0) expect(firstCategoryOnly).toBeGreaterThan(lastNameMatch);
      });

      it('corrects the typo "mlik" to milk: the same products in the same order', async () => {
        const server = await app();
        const milk = await listAll(server, { q: 'milk', limit: 50 });
        const typo = await listAll(server, { q: 'mlik', limit: 50 });
        expect(typo.map((card) => card.id)).toEqual(milk.map((card) => card.id));
        expect(typo.length).toBeGreaterThan(20);
      });

      it('says how a corrected query was read, and nothing when no word was corrected', async () => {
        const server = await app();
        const read = async (q: string) => {
          const response = await server.inject({ method: 'GET', url: urlOf({ q, limit: 5 }) });
          return productListResponse.parse(response.json());
        };
        expect(await read('organic mlik')).toMatchObject({
          status: 1,
          correctedQuery: 'organic milk',
        });
        expect(await read('organic milk')).toMatchObject({ status: 1, correctedQuery: null });
      });

      it('needs every word, and matches the last one as a prefix', async () => {
        const server = await app();
        const both = await listAll(server, { q: 'chocolate mil', limit: 50 });
        const expected = model.products.filter((p) => {
          const text = searchableText(p);
          return /\bchocolate/i.test(text) && /\bmil/i.test(text);
        });
        expect(both.map((card) => card.id).sort()).toEqual(expected.map((p) => p.id).sort());
        expect(both.length).toBeGreaterThan(0);
      });

      it('with a location lists the matches offered within the radius, still in text-rank order', async () => {
        const server = await app();
        const center = city().businesses[0];
        if (!center) throw new Error('no businesses');
        const where = { center: { lat: center.lat, lng: center.lng }, radiusKm: 3 };
        const located = { q: 'milk', lat: center.lat, lng: center.lng, radiusKm: 3 };
        const results = await listAll(server, { ...located, limit: 50 });
        const everywhere = await listAll(server, { q: 'milk', limit: 50 });
        const expected = model.cards(where, (p) => mentionsMilk(searchableText(p)));
        // The radius only removes products (and offers); it never reorders the ranking.
        expect(results.map((card) => card.id)).toEqual(
          everywhere.map((card) => card.id).filter((id) => expected.has(id)),
        );
        expect(results.map(cardFacts)).toEqual(
          results.map((card) => {
            const wanted = expected.get(card.id);
            if (!wanted) throw new Error(`unexpected product ${card.id}`);
            return expectedFacts(wanted);
          }),
        );
        expect(results.length).toBeGreaterThan(7);
        expect(results.length).toBeLessThan(everywhere.length);
        const paged = await listAll(server, { ...located, limit: 7 });
        expect(paged.map((card) => card.id)).toEqual(results.map((card) => card.id));
      });

      it('answers an empty page for words nothing matches, and ignores punctuation-only queries', async () => {
        const server = await app();
        expect(await listAll(server, { q: 'qxzvwq' })).toEqual([]);
        const punctuation = await server.inject({
          method: 'GET',
          url: urlOf({ q: '&|!', limit: 3 }),
        });
        expect(punctuation.json().results).toHaveLength(3);
      });
    });

    describe('filters', () => {
      it('category: the category and every category below it', async () => {
        const results = await listAll(await app(), { category: dairySlug, limit: 50 });
        const expected = model.cards({}, inDairy());
        expect(results.map(cardFacts).sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(
          [...expected.values()].map(expectedFacts).sort((a, b) => (a.id < b.id ? -1 : 1)),
        );
        for (const card of results) expect(dairyTree.has(card.category.id)).toBe(true);
        expect(new Set(results.map((card) => card.category.id)).size).toBeGreaterThan(1);
      });

      it('an unknown category matches nothing', async () => {
        expect(await listAll(await app(), { category: 'no-such-category' })).toEqual([]);
      });

      it('businessId: only that store offers, one per card', async () => {
        const business = city().businesses.find((b) =>
          model.offers.some((o) => o.businessId === b.id),
        );
        if (!business) throw new Error('no business with offers');
        const results = await listAll(await app(), { businessId: business.id, limit: 50 });
        const expected = model.cards({ businessId: business.id });
        expect(results.map((card) => card.id).sort()).toEqual([...expected.keys()].sort());
        for (const card of results) {
          expect(card.offerCount).toBe(1);
          expect(card.bestOffer?.business.id).toBe(business.id);
        }
      });

      it('minPrice, maxPrice and inStockOnly count only the offers that pass', async () => {
        const filter = { minPrice: 300, maxPrice: 700, inStockOnly: true };
        const results = await listAll(await app(), { category: dairySlug, ...filter, limit: 50 });
        const expected = model.cards(filter, inDairy());
        expect(results.map(cardFacts).sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(
          [...expected.values()].map(expectedFacts).sort((a, b) => (a.id < b.id ? -1 : 1)),
        );
        for (const card of results) {
          const best = card.bestOffer;
          expect(best?.stock.inStock).toBe(true);
          expect(best?.currentPrice.amount).toBeGreaterThanOrEqual(300);
          expect(best?.currentPrice.amount).toBeLessThanOrEqual(700);
          // No location: the cheapest in-stock offer is the card's best offer.
          expect(best?.currentPrice.amount).toBe(card.lowestPrice?.amount);
        }
        // The filters really removed something from the plain category listing.
        expect(expected.size).toBeLessThan(model.cards({}, inDairy()).size);
        expect(expected.size).toBeGreaterThan(0);
      });

      it('lat/lng/radiusKm: offers of stores within the radius only; the card shows the cheapest in stock', async () => {
        const center = city().businesses[0];
        if (!center) throw new Error('no businesses');
        const where = { center: { lat: center.lat, lng: center.lng }, radiusKm: 3 };
        const results = await listAll(await app(), {
          category: dairySlug,
          lat: center.lat,
          lng: center.lng,
          radiusKm: 3,
          sort: 'distance',
          limit: 50,
        });
        const expected = [...model.cards(where, inDairy()).values()].sort(expectedOrders.distance);
        expect(results.map(cardFacts)).toEqual(expected.map(expectedFacts));
        expect(expected.length).toBeLessThan(model.cards({}, inDairy()).size);

        // The card's store is the one selling at its "from" price, in stock when any store is
        // (issue 17), and the distance order is that store's distance.
        results.forEach((card, index) => {
          const passing = model.offers.filter(
            (offer) => offer.productId === card.id && model.passes(offer, where),
          );
          const inStock = passing.filter((offer) => offer.quantity >= 2);
          const cheapest = Math.min(
            ...(inStock.length > 0 ? inStock : passing).map((o) => model.priceNow(o)),
          );
          expect(card.lowestPrice?.amount).toBe(cheapest);
          expect(card.bestOffer?.currentPrice.amount).toBe(cheapest);
          expect(card.bestOffer?.stock.inStock).toBe(inStock.length > 0);
          expect(card.bestOffer?.distanceKm).toBe(roundKm(expected[index]?.nearestKm ?? -1));
          expect(card.bestOffer?.distanceKm ?? Infinity).toBeLessThanOrEqual(3);
        });
      });
    });

    describe('sorts and pages', () => {
      it.each(['price_asc', 'price_desc'] as const)(
        '%s orders by the lowest current price',
        async (sort) => {
          const results = await listAll(await app(), { category: dairySlug, sort, limit: 50 });
          const expected = [...model.cards({}, inDairy()).values()].sort(expectedOrders[sort]);
          expect(results.map(cardFacts)).toEqual(expected.map(expectedFacts));
        },
      );

      it('relevance without a query or location lists in catalogue (id) order', async () => {
        const results = await listAll(await app(), { category: dairySlug, limit: 50 });
        const expected = [...model.cards({}, inDairy()).values()].sort(expectedOrders.catalogue);
        expect(results.map((card) => card.id)).toEqual(expected.map((card) => card.id));
      });

      it.each<Params>([
        { sort: 'relevance', q: 'milk' },
        { sort: 'price_desc', category: 'milk' },
        { sort: 'distance', q: 'milk', lat: 43.65, lng: -79.38 },
        { sort: 'relevance', category: 'milk' },
      ])('small pages of $sort join up without overlap or gaps', async (params) => {
        const server = await app();
        const whole = await listAll(server, { ...params, limit: 50 });
        const paged = await listAll(server, { ...params, limit: 7 });
        expect(paged.map((card) => card.id)).toEqual(whole.map((card) => card.id));
        expect(whole.length).toBeGreaterThan(7);
      });
    });

    describe('product details', () => {
      async function detail(server: FastifyInstance, id: string, params: Params = {}) {
        const query = new URLSearchParams(
          Object.entries(params).map(([key, value]): [string, string] => [key, String(value)]),
        ).toString();
        const response = await server.inject({
          method: 'GET',
          url: `${catalogPaths.product(id)}${query ? `?${query}` : ''}`,
        });
        return { response, body: response.json() };
      }

      const productWithOffers = (count: number) => {
        const product = model.products.find(
          (p) => model.offers.filter((o) => o.productId === p.id).length >= count,
        );
        if (!product) throw new Error(`no product with ${count} offers`);
        return product;
      };

      it('has brand content, the category path root first and every offer, cheapest first', async () => {
        const product = productWithOffers(3);
        const { response, body } = await detail(await app(), product.id);
        expect(response.statusCode).toBe(200);
        const detailed = productDetailResponse.parse(body);
        if (detailed.status !== 1) throw new Error('failed');
        const answer = detailed.result;
        expect(answer).toMatchObject({
          id: product.id,
          title: product.title,
          brand: product.brand,
          gtin: product.gtin,
          description: product.description,
          attributes: product.attributes,
        });
        expect(answer.images).toHaveLength(product.images.length);
        expect(answer.image).toEqual(answer.images[0]);

        const path: string[] = [];
        let category = city().categories.find((c) => c.id === product.categoryId);
        while (category) {
          path.unshift(category.id);
          const parentId = category.parentId;
          category = city().categories.find((c) => c.id === parentId);
        }
        expect(answer.categoryPath.map((c) => c.id)).toEqual(path);
        expect(answer.category.id).toBe(product.categoryId);

        const own = model.offers.filter((o) => o.productId === product.id);
        const cheapestFirst = [...own].sort(
          (a, b) => model.priceNow(a) - model.priceNow(b) || (a.id < b.id ? -1 : 1),
        );
        expect(answer.offers.map((o) => o.id)).toEqual(cheapestFirst.map((o) => o.id));
        expect(answer.offerCount).toBe(own.length);
        expect(answer.lowestPrice?.amount).toBe(model.priceNow(cheapestFirst[0]!));
        for (const offer of answer.offers) expect(offer.distanceKm).toBeNull();
      });

      it('lists offers nearest first with distances when given a location', async () => {
        const product = productWithOffers(3);
        const here = { lat: 43.7, lng: -79.4 };
        const { body } = await detail(await app(), product.id, here);
        const detailed = productDetailResponse.parse(body);
        if (detailed.status !== 1) throw new Error('failed');
        const own = model.offers.filter((o) => o.productId === product.id);
        const nearestFirst = [...own].sort(
          (a, b) => model.distanceKm(a, here) - model.distanceKm(b, here),
        );
        expect(detailed.result.offers.map((o) => o.id)).toEqual(nearestFirst.map((o) => o.id));
        expect(detailed.result.offers.map((o) => o.distanceKm)).toEqual(
          nearestFirst.map((o) => roundKm(model.distanceKm(o, here))),
        );
      });

      it('words stock at quantities 0, 1, 2 and 3 as the catalogue issue says', async () => {
        const product = productWithOffers(4);
        const own = model.offers.filter((o) => o.productId === product.id).slice(0, 4);
        const { db } = getDb();
        const quantities = [0, 1, 2, 3];
        try {
          for (const [index, offer] of own.entries()) {
            await db
              .update(offers)
              .set({ quantity: quantities[index] })
              .where(eq(offers.id, offer.id));
          }
          const { body } = await detail(await app(), product.id);
          const detailed = productDetailResponse.parse(body);
          if (detailed.status !== 1) throw new Error('failed');
          const byId = new Map(detailed.result.offers.map((offer) => [offer.id, offer]));
          expect(own.map((offer) => byId.get(offer.id)?.stock)).toEqual([
            { level: 'out_of_stock', label: STOCK_LABELS.out_of_stock, inStock: false },
            { level: 'limited', label: 'Limited availability', inStock: false },
            { level: 'low_stock', label: 'In stock - only 2 left', inStock: true },
            { level: 'in_stock', label: 'In stock', inStock: true },
          ]);
          expect(own.map((offer) => byId.get(offer.id)?.quantity)).toEqual(quantities);

          // The list's in-stock filter reads the same live quantities.
          const listed = await listAll(await app(), {
            q: product.title,
            inStockOnly: true,
            limit: 50,
          });
          const card = listed.find((c) => c.id === product.id);
          const othersInStock = model.offers.filter(
            (o) => o.productId === product.id && !own.includes(o) && o.quantity >= 2,
          ).length;
          expect(card?.offerCount).toBe(2 + othersInStock);
        } finally {
          for (const offer of own) {
            await db
              .update(offers)
              .set({ quantity: offer.quantity })
              .where(eq(offers.id, offer.id));
          }
        }
      });

      it('answers 404 for an unknown product and 400 for a malformed id or location', async () => {
        const server = await app();
        const unknown = await detail(server, UNKNOWN_ID);
        expect(unknown.response.statusCode).toBe(404);
        expect(unknown.body).toEqual({ status: 0, message: commonMessages.notFound });

        const malformed = await detail(server, 'not-a-uuid');
        expect(malformed.response.statusCode).toBe(400);
        expect(malformed.body).toMatchObject({ status: 0, message: expect.stringContaining('id') });

        const halfLocation = await detail(server, productWithOffers(1).id, { lat: 43.7 });
        expect(halfLocation.response.statusCode).toBe(400);
        expect(halfLocation.body.message).toContain('lat and lng must be given together');
      });
    });

    describe('bad parameters', () => {
      it.each([
        [{ limit: 500 }, 'limit must be at most 50'],
        [{ sort: 'distance' }, 'sort by distance needs lat and lng'],
        [{ minPrice: 900, maxPrice: 100 }, 'minPrice must not be more than maxPrice'],
        [{ businessId: 'nope' }, 'businessId must be a UUID'],
        [{ cursor: 'bm90LWpzb24' }, 'cursor is not valid'],
        [{ cursor: '!!' }, 'cursor is not valid'],
      ])('%o -> 400 "%s"', async (params, message) => {
        const response = await (await app()).inject({ method: 'GET', url: urlOf(params) });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          status: 0,
          message: expect.stringContaining(message),
        });
        expect(response.body).not.toContain('    at ');
      });

      it('refuses a cursor made for another sort order', async () => {
        const server = await app();
        const first = await server.inject({
          method: 'GET',
          url: urlOf({ category: dairySlug, sort: 'price_asc', limit: 2 }),
        });
        const cursor = first.json().nextCursor as string;
        expect(cursor).toEqual(expect.any(String));
        const other = await server.inject({
          method: 'GET',
          url: urlOf({ category: dairySlug, sort: 'price_desc', limit: 2, cursor }),
        });
        expect(other.statusCode).toBe(400);
        expect(other.json()).toEqual({ status: 0, message: 'cursor is not valid' });
      });
    });
  });
}
