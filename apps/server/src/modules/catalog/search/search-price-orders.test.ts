import { productListQuery } from '@localmart/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { offers } from '../../../db/schema/index.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { aggregatedIds, walkedIds } from '../products/price-walk-test-support.ts';
import { listProducts } from '../products/product-list.service.ts';
import { executeRows } from './execute-rows.ts';
import { priceOrderStatement, storedPriceOrder } from './search-price-orders.ts';
import { storedRanking } from './search-rankings.ts';
import { textSearchOf } from './text-search.ts';

/**
 * Issue 18, ADR 0027: a text query's price sort reads its candidates from a stored price order,
 * patched with the bounds written since its snapshot, and lists exactly what aggregating every
 * passing offer lists, whatever was written to the prices after the order was stored.
 */

interface Order {
  query: string;
  direction: string;
  snapshot: string;
  count: number;
}

async function ordersOf(db: Database): Promise<Order[]> {
  return executeRows<Order>(
    db,
    sql`select query, direction, bounds_snapshot::text as snapshot,
        cardinality(ids)::int as count
      from search_price_orders order by query, direction`,
  );
}

/** The walk through a stored order, checked against the aggregate over every passing offer. */
async function expectExact(db: Database, params: Record<string, string>): Promise<string[]> {
  const walked = await walkedIds(db, params);
  const expected = await aggregatedIds(db, { ...params, limit: String(walked.length || 1) });
  expect(walked, JSON.stringify(params)).toEqual(expected.slice(0, walked.length));
  expect(walked.length, JSON.stringify(params)).toBeGreaterThan(0);
  return walked;
}

/** The text's stored ranking (made when missing), as the list reads it. */
async function rankingOf(db: Database, q: string) {
  const text = await textSearchOf(db, q);
  const ranking = text ? await storedRanking(db, text.tsqueryText) : null;
  if (!ranking) throw new Error(`no stored ranking for ${q}`);
  return ranking;
}

const first = (page: { results: { id: string }[] }) => page.results[0]?.id;

/**
 * The product a stored milk order names last (the greatest floor, or the least ceiling): the one
 * a walk reaches last, so moving its price to the head is seen only through the patch.
 */
async function tailOf(db: Database, direction: 'asc' | 'desc'): Promise<string> {
  const [row] = await executeRows<{ id: string }>(
    db,
    sql`select ids[cardinality(ids)] as id from search_price_orders
      where direction = ${direction} and query like '%milk%'`,
  );
  if (!row) throw new Error(`no stored ${direction} order for milk`);
  return row.id;
}

for (const backend of testDatabases()) {
  describe(`stored price orders on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);
    const here = () => {
      const store = city().businesses[0];
      if (!store) throw new Error('no store');
      return { lat: String(store.lat), lng: String(store.lng) };
    };

    it('stores one order per text and direction, and lists from it what the aggregate lists', async () => {
      const { db } = getDb();
      await db.execute(sql`delete from search_price_orders`);
      const cases: Record<string, string>[] = [
        { q: 'milk', sort: 'price_asc', limit: '5', ...here() },
        { q: 'milk', sort: 'price_desc', limit: '5' },
        { q: 'milk', sort: 'price_asc', limit: '4', inStockOnly: '1', ...here(), radiusKm: '3' },
        { q: 'bread', sort: 'price_desc', limit: '6', ...here() },
        { q: 'coffee', sort: 'price_asc', limit: '3', minPrice: '300', maxPrice: '2000' },
      ];
      for (const params of cases) await expectExact(db, params);
      const orders = await ordersOf(db);
      // milk both ways, bread dearest first, coffee cheapest first.
      expect(orders.map((order) => order.direction).sort()).toEqual(['asc', 'asc', 'desc', 'desc']);
      expect(orders.every((order) => order.count > 0)).toBe(true);
      // The orders name the ranking's matches that have offers, in bound order.
      const [milkAsc] = await executeRows<{ sorted: boolean }>(
        db,
        sql`select o.ids = array(select b.product_id from unnest(s.ids) as r(id)
              inner join product_price_bounds b on b.product_id = r.id
              order by b.floor_price, b.product_id) as sorted
          from search_price_orders o inner join search_rankings s on s.query = o.query
          where o.direction = 'asc' and o.query like '%milk%'`,
      );
      expect(milkAsc?.sorted).toBe(true);
    });

    it('reads a price written after the order was stored: cheaper, dearer, sold out, new', async () => {
      const { db } = getDb();
      await db.execute(sql`delete from search_price_orders`);
      const asc = { q: 'milk', sort: 'price_asc', limit: '5' };
      const desc = { q: 'milk', sort: 'price_desc', limit: '5' };
      await expectExact(db, asc);
      await expectExact(db, desc);
      const stored = await ordersOf(db);

      // The product with the greatest floor becomes the cheapest: its offers at 1 cent.
      const dearest = await tailOf(db, 'asc');
      expect(first(await listProducts(db, productListQuery.parse(asc), CITY_NOW))).not.toBe(
        dearest,
      );
      await db
        .update(offers)
        .set({ priceAmount: 1, saleAmount: null })
        .where(eq(offers.productId, dearest));
      expect(first(await listProducts(db, productListQuery.parse(asc), CITY_NOW))).toBe(dearest);
      await expectExact(db, asc);

      // The product with the least ceiling becomes the dearest.
      const cheapest = await tailOf(db, 'desc');
      await db
        .update(offers)
        .set({ priceAmount: 9_999_999, saleAmount: null })
        .where(eq(offers.productId, cheapest));
      expect(first(await listProducts(db, productListQuery.parse(desc), CITY_NOW))).toBe(cheapest);
      await expectExact(db, desc);

      // Sold out everywhere (its offers gone): it is listed nowhere, then back when restocked.
      const removed = await db.delete(offers).where(eq(offers.productId, cheapest)).returning();
      expect(await walkedIds(db, desc)).not.toContain(cheapest);
      await expectExact(db, desc);
      await db.insert(offers).values(removed);
      expect(first(await listProducts(db, productListQuery.parse(desc), CITY_NOW))).toBe(cheapest);

      // All of it was read through the orders stored first: patched, not stored again.
      expect(await ordersOf(db)).toEqual(stored);
    });

    it('stores an order again once too many bounds changed since, or the search version moved', async () => {
      const { db } = getDb();
      const ranking = await rankingOf(db, 'milk');
      // Stored afresh (the earlier tests' writes are behind the order they stored).
      await db.execute(sql`delete from search_price_orders`);
      const order = await storedPriceOrder(db, ranking, 'asc');
      expect(order).not.toBeNull();
      const [before] = (await ordersOf(db)).filter((row) => row.query === ranking.query);
      // Nothing changed since: read as stored, even with no change allowed.
      await storedPriceOrder(db, ranking, 'asc', 0);
      expect((await ordersOf(db)).find((row) => row.query === ranking.query)).toEqual(before);

      const [offer] = [...city().offers];
      if (!offer) throw new Error('no offers');
      await db.update(offers).set({ priceAmount: 7 }).where(eq(offers.id, offer.id));
      // One bounds row changed: within the default, past a limit of 0.
      expect(await storedPriceOrder(db, ranking, 'asc')).toEqual(order);
      expect((await ordersOf(db)).find((row) => row.query === ranking.query)).toEqual(before);
      const again = await storedPriceOrder(db, ranking, 'asc', 0);
      const [after] = (await ordersOf(db)).filter((row) => row.query === ranking.query);
      expect(after?.snapshot).not.toBe(before?.snapshot);
      expect(again?.xmin).not.toBe(order?.xmin);

      // A ranking of an older version cannot store an order over a newer one's.
      const stale = { ...ranking, version: ranking.version - 1 };
      expect(await storedPriceOrder(db, stale, 'asc')).toBeNull();
    });

    it('says so when the order it reads is gone, and the list then sorts the candidates itself', async () => {
      const { db } = getDb();
      const ranking = await rankingOf(db, 'milk');
      const order = await storedPriceOrder(db, ranking, 'desc');
      if (!order) throw new Error('no order');
      const read = await executeRows<{ id: string | null }>(
        db,
        priceOrderStatement(order, null, 3),
      );
      expect(read).toHaveLength(3);
      expect(read.every((row) => row.id !== null)).toBe(true);
      await db.execute(sql`delete from search_price_orders`);
      expect(await executeRows(db, priceOrderStatement(order, null, 3))).toEqual([
        { id: null, bound: null },
      ]);
    });
  });
}

// PostgreSQL only: a write's transaction still open while another connection stores the order.
for (const backend of testDatabases().filter((candidate) => candidate.name === 'postgres')) {
  describe('stored price orders and writes in flight on PostgreSQL', () => {
    const getDb = useTestDatabase(backend);
    useCatalogCity(getDb);

    it('never misses a price committed after the order was stored without it', async () => {
      const { db } = getDb();
      const asc = { q: 'milk', sort: 'price_asc', limit: '5' };
      await walkedIds(db, asc);
      const last = await tailOf(db, 'asc');
      await db.execute(sql`delete from search_price_orders`);
      await db.transaction(async (tx) => {
        await tx
          .update(offers)
          .set({ priceAmount: 1, saleAmount: null })
          .where(inArray(offers.productId, [last]));
        // A later transaction commits first (it takes an xid): the snapshot below then ends past
        // this write's xid, which only its xmin still names.
        await db.execute(sql`select pg_current_xact_id()`);
        // Another connection stores the order now: its snapshot cannot see this write.
        const page = await listProducts(db, productListQuery.parse(asc), CITY_NOW);
        expect(first(page)).not.toBe(last);
      });
      const [stored] = await ordersOf(db);
      expect(stored?.direction).toBe('asc');
      // Committed after the order was stored: read through the patch, not a new order.
      expect(first(await listProducts(db, productListQuery.parse(asc), CITY_NOW))).toBe(last);
      expect(await ordersOf(db)).toEqual([stored]);
      await expectExact(db, asc);
    });
  });
}
