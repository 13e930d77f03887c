import { productListQuery } from '@localmart/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { products } from '../../../db/schema/index.ts';
import { CITY_NOW } from '../../../test/catalog.ts';
import { categoryIdsUnder } from '../businesses/category.service.ts';
import { textSearchOf } from '../search/text-search.ts';
import { offerConditions, searchAreaOf } from './product-filters.ts';
import { listProducts, summaryStatement } from './product-list.service.ts';

/**
 * The price sorts' reference (issue 18): the order aggregating every passing offer lists, which the
 * price walks (product-price-walk.ts) and the stored price orders (search-price-orders.ts) must
 * list exactly.
 */

/** The ids the aggregate over every passing offer (the order before the walk) lists, in order. */
export async function aggregatedIds(
  db: Database,
  params: Record<string, string>,
): Promise<string[]> {
  const query = productListQuery.parse(params);
  const text = await textSearchOf(db, query.q);
  const productConditions = text ? [sql`${products.search} @@ ${text.tsquery}`] : [];
  if (query.category !== undefined) {
    productConditions.push(
      inArray(products.categoryId, await categoryIdsUnder(db, query.category)),
    );
  }
  const area = searchAreaOf(query);
  const { statement } = summaryStatement(db, query, {
    text,
    productConditions,
    area,
    conditions: offerConditions(query, area, CITY_NOW),
    now: CITY_NOW,
  });
  return (await statement).map((row) => row.id).slice(0, query.limit);
}

/** Every page's ids through the walk, following the cursor. */
export async function walkedIds(db: Database, params: Record<string, string>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await listProducts(
      db,
      productListQuery.parse({ ...params, ...(cursor ? { cursor } : {}) }),
      CITY_NOW,
    );
    ids.push(...page.results.map((result) => result.id));
    cursor = page.nextCursor;
  } while (cursor !== null && ids.length < Number(params.limit ?? 20) * 3);
  return ids;
}
