import type { Money } from '@localmart/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { businesses, offers, products } from '../../../db/schema/index.ts';
import { currentPriceSql } from '../shared/offer.ts';
import { shopperVisibleSql } from '../shared/shopper-visibility.ts';

/**
 * Sizes in a product list (ADR 0020): a store's own product sold in several sizes is one product to
 * a shopper, so a page lists its group once (at its best-placed size) with "2 sizes · from $x".
 * Collapsing happens on the page that was read, not in the list's SQL, so the list's orders and
 * their keysets stay as they are; two sizes of one group that fall on different pages (rare: they
 * share their words and store) would each show once on their page.
 */
export interface SizesOf {
  count: number;
  from: Money;
}

/** The page's rows with each group kept once, and the sizes of every group kept. */
export async function collapseSizes<Row extends { id: string }>(
  db: Database,
  rows: readonly Row[],
  now: Date,
): Promise<{ rows: Row[]; sizes: Map<string, SizesOf> }> {
  if (rows.length === 0) return { rows: [], sizes: new Map() };
  const grouped = await db
    .select({
      id: products.id,
      groupId: sql<string>`coalesce(${products.variantOf}, ${products.id})`,
    })
    .from(products)
    .where(
      and(
        inArray(
          products.id,
          rows.map((row) => row.id),
        ),
        sql`${products.variantLabel} is not null`,
      ),
    );
  if (grouped.length === 0) return { rows: [...rows], sizes: new Map() };
  const groupOf = new Map(grouped.map((row) => [row.id, row.groupId]));
  const groupIds = [...new Set(groupOf.values())];
  const totals = await db
    .select({
      groupId: sql<string>`coalesce(${products.variantOf}, ${products.id})`,
      count: sql<number>`count(distinct ${products.id})::int`,
      from: sql<number>`min(${currentPriceSql(now)})::int`,
      currency: sql<string>`min(${offers.currency})`,
    })
    .from(products)
    .innerJoin(offers, eq(offers.productId, products.id))
    .innerJoin(businesses, eq(businesses.id, offers.businessId))
    .where(
      and(
        inArray(sql`coalesce(${products.variantOf}, ${products.id})`, groupIds),
        sql`${products.variantLabel} is not null`,
        shopperVisibleSql(),
      ),
    )
    .groupBy(sql`coalesce(${products.variantOf}, ${products.id})`);
  const seen = new Set<string>();
  const kept: Row[] = [];
  const sizes = new Map<string, SizesOf>();
  for (const row of rows) {
    const groupId = groupOf.get(row.id);
    if (groupId === undefined) {
      kept.push(row);
      continue;
    }
    if (seen.has(groupId)) continue;
    seen.add(groupId);
    kept.push(row);
    const total = totals.find((one) => one.groupId === groupId);
    if (total && total.count > 1) {
      sizes.set(row.id, {
        count: total.count,
        from: { amount: total.from, currency: total.currency },
      });
    }
  }
  return { rows: kept, sizes };
}
