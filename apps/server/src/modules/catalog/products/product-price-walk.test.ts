import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { offers, products } from '../../../db/schema/index.ts';
import { useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { executeRows } from '../search/execute-rows.ts';
import { aggregatedIds, walkedIds } from './price-walk-test-support.ts';

/**
 * Issue 18, ADR 0024: product_price_bounds is kept by the offers triggers, and the price orders
 * walked in bound order list exactly what aggregating every passing offer lists.
 */

interface Bounds {
  id: string;
  floor: number;
  ceiling: number;
  category: string;
}

/** The bounds as the table holds them, and as the offers say they should be. */
async function boundsOf(db: Database): Promise<{ held: Bounds[]; expected: Bounds[] }> {
  const held = await executeRows<Bounds>(
    db,
    sql`select product_id as id, floor_price as floor, ceiling_price as ceiling,
        category_id as category
      from product_price_bounds order by product_id`,
  );
  const expected = await executeRows<Bounds>(
    db,
    sql`select o.product_id as id,
        min(least(o.price_amount, coalesce(o.sale_amount, o.price_amount)))::int as floor,
        max(greatest(o.price_amount, coalesce(o.sale_amount, o.price_amount)))::int as ceiling,
        p.category_id as category
      from offers o inner join products p on p.id = o.product_id
      group by o.product_id, p.category_id order by o.product_id`,
  );
  return { held, expected };
}

for (const backend of testDatabases()) {
  describe(`price bounds and the price walk on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);

    it('holds every product with offers, the least and greatest amount of its offers', async () => {
      const { held, expected } = await boundsOf(getDb().db);
      expect(held.length).toBeGreaterThan(100);
      expect(held).toEqual(expected);
    });

    it('follows price, sale, product and deletion writes, in one statement or row by row', async () => {
      const { db } = getDb();
      const [first, second] = [...city().offers].filter(
        (offer, index, all) => all.findIndex((o) => o.productId === offer.productId) === index,
      );
      if (!first || !second) throw new Error('no offers');
      // A lower regular price, a dearer sale, then both offers of the first product gone.
      await db.update(offers).set({ priceAmount: 1 }).where(eq(offers.id, first.id));
      await db
        .update(offers)
        .set({ saleAmount: 999_999 })
        .where(eq(offers.productId, second.productId));
      let { held, expected } = await boundsOf(db);
      expect(held).toEqual(expected);
      expect(held.find((row) => row.id === first.productId)?.floor).toBe(1);
      expect(held.find((row) => row.id === second.productId)?.ceiling).toBe(999_999);

      // An offer moved to another product (one its store does not sell): both products' bounds follow.
      const soldThere = new Set(
        [...city().offers]
          .filter((offer) => offer.businessId === first.businessId)
          .map((offer) => offer.productId),
      );
      const target = [...city().offers].find((offer) => !soldThere.has(offer.productId));
      if (!target) throw new Error('the store sells every product');
      await db.update(offers).set({ productId: target.productId }).where(eq(offers.id, first.id));
      ({ held, expected } = await boundsOf(db));
      expect(held).toEqual(expected);

      const removed = await db
        .delete(offers)
        .where(eq(offers.productId, second.productId))
        .returning();
      ({ held, expected } = await boundsOf(db));
      expect(held).toEqual(expected);
      expect(held.some((row) => row.id === second.productId)).toBe(false);

      // Put back in one statement (a feed's batch).
      await db.insert(offers).values(removed);
      ({ held, expected } = await boundsOf(db));
      expect(held).toEqual(expected);
      expect(held.some((row) => row.id === second.productId)).toBe(true);

      // The product moved to another aisle: its bounds move with it (the aisle walk reads them).
      const [elsewhere] = city().categories.filter(
        (category) => category.id !== held.find((row) => row.id === second.productId)?.category,
      );
      await db
        .update(products)
        .set({ categoryId: elsewhere!.id })
        .where(eq(products.id, second.productId));
      ({ held, expected } = await boundsOf(db));
      expect(held).toEqual(expected);
      expect(held.find((row) => row.id === second.productId)?.category).toBe(elsewhere!.id);
    });

    it('lists by price exactly what aggregating every passing offer lists, page after page', async () => {
      const { db } = getDb();
      const store = city().businesses[0];
      if (!store) throw new Error('no store');
      const here = { lat: String(store.lat), lng: String(store.lng) };
      const category = city().categories.find((c) => c.parentId === null)?.slug ?? 'grocery';
      // The leaf aisle with the most products: walked through its own bounds index.
      const perCategory = new Map<string, number>();
      for (const product of city().products) {
        perCategory.set(product.categoryId, (perCategory.get(product.categoryId) ?? 0) + 1);
      }
      const [leafId] = [...perCategory].sort((a, b) => b[1] - a[1])[0] ?? [];
      const leaf = city().categories.find((c) => c.id === leafId)?.slug ?? category;
      const cases: Record<string, string>[] = [
        { sort: 'price_asc', category: leaf, limit: '3', ...here },
        { sort: 'price_desc', category: leaf, limit: '3' },
        { sort: 'price_asc', limit: '7' },
        { sort: 'price_desc', limit: '7' },
        { sort: 'price_asc', q: 'milk', limit: '5', ...here },
        { sort: 'price_desc', q: 'milk', limit: '5' },
        { sort: 'price_asc', category, limit: '6', ...here },
        { sort: 'price_desc', category, limit: '6', inStockOnly: '1', ...here, radiusKm: '3' },
        { sort: 'price_asc', minPrice: '300', maxPrice: '900', limit: '8' },
      ];
      for (const params of cases) {
        const walked = await walkedIds(db, params);
        const expected = await aggregatedIds(db, {
          ...params,
          limit: String(walked.length || 1),
        });
        expect(walked, JSON.stringify(params)).toEqual(expected.slice(0, walked.length));
        expect(walked.length, JSON.stringify(params)).toBeGreaterThan(0);
      }
    });
  });
}
