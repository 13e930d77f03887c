import { productListQuery } from '@localmart/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { products } from '../../../db/schema/index.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { listProducts } from '../products/product-list.service.ts';
import { storedWalk } from '../products/product-walk.ts';
import { executeRows } from './execute-rows.ts';

/**
 * Issue 18, ADR 0025: a product search's ranking is stored per tsquery and catalogue version; the
 * lists read from it are the lists ranked live, and a write to the products' searchable text makes
 * the next search rank afresh.
 */

interface Stored {
  query: string;
  version: number;
  matches: number;
  stored: boolean;
}

async function storedRows(db: Database): Promise<Stored[]> {
  return executeRows<Stored>(
    db,
    sql`select query, version::float8 as version, match_count as matches, ids is not null as stored
      from search_rankings order by query`,
  );
}

/** Both pages of a search: ids in order, and the cursor's second page. */
async function twoPages(db: Database, params: Record<string, string>): Promise<string[][]> {
  const first = await listProducts(db, productListQuery.parse({ ...params, limit: '8' }), CITY_NOW);
  const second = first.nextCursor
    ? await listProducts(
        db,
        productListQuery.parse({ ...params, limit: '8', cursor: first.nextCursor }),
        CITY_NOW,
      )
    : { results: [] };
  return [first.results.map((p) => p.id), second.results.map((p) => p.id)];
}

/** The same search ranked live: a stored ranking without its ids is walked live (see storedRanking). */
async function liveTwoPages(db: Database, params: Record<string, string>): Promise<string[][]> {
  await db.execute(sql`update search_rankings set ids = null, ranks = null`);
  try {
    return await twoPages(db, params);
  } finally {
    await db.execute(sql`delete from search_rankings`);
  }
}

for (const backend of testDatabases()) {
  describe(`stored search rankings on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    useCatalogCity(getDb);

    it('lists from the stored ranking exactly what the live ranking lists, over pages, areas and aisles', async () => {
      const { db } = getDb();
      const searches: Record<string, string>[] = [
        { q: 'milk' },
        { q: 'milk', lat: '43.6532', lng: '-79.3832', radiusKm: '5' },
        { q: 'mlik' },
        { q: 'cheese', category: 'grocery' },
        { q: 'apple juice', inStockOnly: '1' },
      ];
      for (const params of searches) {
        await db.execute(sql`delete from search_rankings`);
        const stored = await twoPages(db, params);
        const rows = await storedRows(db);
        expect(rows, JSON.stringify(params)).toHaveLength(1);
        expect(rows[0]!.stored).toBe(true);
        expect(rows[0]!.matches).toBeGreaterThan(0);
        expect(stored[0]!.length, JSON.stringify(params)).toBeGreaterThan(0);
        // Read again from the store, then live: the same ids in the same order on both pages.
        expect(await twoPages(db, params)).toEqual(stored);
        // Through a head of 3 (a page then always needs the whole ranking too) and of 12.
        for (const head of [3, 12]) {
          storedWalk.head = head;
          try {
            expect(await twoPages(db, params), `head ${head}`).toEqual(stored);
          } finally {
            storedWalk.head = 256;
          }
        }
        expect(await liveTwoPages(db, params), JSON.stringify(params)).toEqual(stored);
      }
    });

    it('a product whose searchable text changes is searched afresh: renamed in, renamed out', async () => {
      const { db } = getDb();
      await db.execute(sql`delete from search_rankings`);
      const before = await listProducts(
        db,
        productListQuery.parse({ q: 'zanzibarberry', limit: '5' }),
        CITY_NOW,
      );
      expect(before.results).toEqual([]);
      const [{ version } = { version: -1 }] = await storedRows(db);

      // A product with offers is renamed: the version moves on in the same transaction.
      const [offered] = await executeRows<{ id: string; title: string }>(
        db,
        sql`select p.id, p.title from products p where exists (select 1 from offers o
          where o.product_id = p.id and o.quantity > 0) order by p.id limit 1`,
      );
      await db
        .update(products)
        .set({ title: 'Zanzibarberry jam' })
        .where(eq(products.id, offered!.id));
      const renamed = await listProducts(
        db,
        productListQuery.parse({ q: 'zanzibarberry', limit: '5' }),
        CITY_NOW,
      );
      expect(renamed.results.map((p) => p.id)).toEqual([offered!.id]);
      const after = await storedRows(db);
      expect(after).toHaveLength(1);
      expect(after[0]!.version).toBeGreaterThan(version);

      // A write that leaves the searchable text alone (the images) keeps the rankings.
      await db.update(products).set({ images: [] }).where(eq(products.id, offered!.id));
      expect((await storedRows(db))[0]!.version).toBe(after[0]!.version);

      await db.update(products).set({ title: offered!.title }).where(eq(products.id, offered!.id));
      const back = await listProducts(
        db,
        productListQuery.parse({ q: 'zanzibarberry', limit: '5' }),
        CITY_NOW,
      );
      expect(back.results).toEqual([]);
    });

    it('a ranking made before a product write committed is never used after it', async () => {
      const { db } = getDb();
      await db.execute(sql`delete from search_rankings`);
      await listProducts(db, productListQuery.parse({ q: 'bread', limit: '5' }), CITY_NOW);
      const [made] = await storedRows(db);
      // As if a write's transaction committed after this ranking was stored.
      await db.execute(sql`update search_catalogue_version set version = version + 1`);
      const [probe] = await executeRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from search_rankings s
          join search_catalogue_version v on v.version = s.version`,
      );
      expect(probe!.n).toBe(0);
      await listProducts(db, productListQuery.parse({ q: 'bread', limit: '5' }), CITY_NOW);
      const rows = await storedRows(db);
      expect(rows.map((row) => row.version)).toEqual([made!.version + 1]);
    });
  });
}
