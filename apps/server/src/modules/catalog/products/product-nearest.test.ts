import { productListQuery } from '@localmart/contract';
import { inArray, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../../db/schema/index.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { encodeCursor } from '../shared/cursor.ts';
import { CityModel, expectedOrders, type OfferFilter } from './product-expectations.ts';
import { offerConditions, searchAreaOf } from './product-filters.ts';
import { nearestProducts } from './product-nearest.ts';
import type { WalkedRow } from './product-walk.ts';

/**
 * nearestProducts directly, so both of its ways are checked on the small city: read outward store by
 * store (the bench city's way for common products), and the whole radius at once (few products).
 * Through the API the small city only ever takes the second way when a text or category narrows
 * the products: it has 3,000 of them.
 */
for (const backend of testDatabases()) {
  describe(`products nearest first on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);
    let model: CityModel;
    let dairy: Set<string>;

    beforeAll(() => {
      model = new CityModel(city(), CITY_NOW);
      const milk = city().categories.find((category) => category.slug === 'milk');
      const parent = city().categories.find((category) => category.id === milk?.parentId);
      if (!parent) throw new Error('the demo city has no parent of the milk category');
      dairy = model.categoryTree(parent.slug);
    });

    /** Every page of `limit`, following the distance cursor as the API mints it. */
    async function allPages(
      params: Record<string, unknown>,
      productConditions: readonly SQL[],
      limit: number,
      fewProducts: number | undefined,
    ): Promise<WalkedRow[]> {
      const query = productListQuery.parse({ ...params, sort: 'distance', limit });
      const area = searchAreaOf(query);
      if (!area) throw new Error('a location is needed');
      const seen: WalkedRow[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 500; page++) {
        const rows = await nearestProducts(getDb().db, {
          area,
          productConditions,
          offerConditions: offerConditions(query, area, CITY_NOW),
          cursor,
          now: CITY_NOW,
          limit,
          ...(fewProducts === undefined ? {} : { fewProducts }),
        });
        seen.push(...rows.slice(0, limit));
        const last = rows[limit - 1];
        if (rows.length <= limit || !last) return seen;
        cursor = encodeCursor(['distance', last.nearestKm ?? 0, last.id]);
      }
      throw new Error('paging does not end');
    }

    function expected(filter: OfferFilter, inCategory?: Set<string>) {
      return [
        ...model.cards(filter, (product) => inCategory?.has(product.categoryId) ?? true).values(),
      ].sort(expectedOrders.distance);
    }

    const facts = (row: { id: string; offerCount: number; lowestPrice: number }) => ({
      id: row.id,
      offerCount: row.offerCount,
      lowestPrice: row.lowestPrice,
    });

    it('reads outward store by store: the nearest products first, counted over the whole radius', async () => {
      const here = { lat: 43.66, lng: -79.39 };
      const rows = await allPages({ ...here, radiusKm: 3 }, [], 25, undefined);
      const wanted = expected({ center: here, radiusKm: 3 });
      expect(rows.map(facts)).toEqual(wanted.map(facts));
      rows.forEach((row, index) => {
        expect(row.nearestKm).toBeCloseTo(wanted[index]?.nearestKm ?? -1, 6);
      });
      // Several pages, reaching past the nearest store.
      expect(rows.length).toBeGreaterThan(75);
      expect(new Set(rows.map((row) => row.nearestKm)).size).toBeGreaterThan(1);
      // Pages through 75+ products, each page looking up its candidates' shown offers: 5-13 s on PGlite,
      // past the default 20 s once with three test workers on a loaded 2-core machine.
    }, 60_000);

    it.each([
      ['store by store', 0],
      ['the whole radius at once', 1_000_000],
    ])('a category with offer filters gives the same pages %s', async (_way, fewProducts) => {
      const here = { lat: 43.66, lng: -79.39 };
      const filters = { inStockOnly: true, minPrice: 200, maxPrice: 900 };
      const inDairy = inArray(products.categoryId, [...dairy]);
      const rows = await allPages({ ...here, ...filters }, [inDairy], 7, fewProducts);
      const wanted = expected({ center: here, radiusKm: 25, ...filters }, dairy);
      expect(rows.map(facts)).toEqual(wanted.map(facts));
      expect(rows.length).toBeGreaterThan(14);
    });

    it('answers nothing when no product is offered in the radius', async () => {
      // Lake Ontario, 40 km out: no store within 5 km.
      const rows = await allPages({ lat: 43.3, lng: -79.4, radiusKm: 5 }, [], 5, undefined);
      expect(rows).toEqual([]);
    });
  });
}
