import type { ProductListQuery } from '@localmart/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { businesses, offers, products } from '../../../db/schema/index.ts';
import { executeRows } from '../search/execute-rows.ts';
import type { StoredRanking } from '../search/search-rankings.ts';
import { type SearchArea, shownDistanceSql, shownPriceSql } from './product-filters.ts';
import type { ProductOrder, SortPlan } from './product-sort.ts';

/**
 * The Products list in an order keyed on the product itself (relevance: text rank then id;
 * catalogue: id), walked product by product: the products the text and category ask for are ranked
 * (the `search` GIN index finds them, only their rank and id are sorted), then read in that order,
 * each with the aggregate of its offers that pass the filters, until limit + 1 products have one.
 * Only those products' offers are read: "milk" near downtown reads ~25 products' offers instead of
 * grouping the ~57,000 offers of all 11,330 milk products at bench scale (ADR 0006).
 *
 * Not for a store's tab (businessId): there most products have no offer at that store, and
 * starting from the store's few hundred offers (the aggregate) is cheaper than walking past them.
 */
export function walkOrderOf(order: ProductOrder, query: ProductListQuery): WalkOrder | null {
  if (query.businessId !== undefined) return null;
  return order === 'relevance' || order === 'catalogue' ? order : null;
}

export type WalkOrder = 'relevance' | 'catalogue';

/** One listed product: its key and the aggregate of the offers that passed the filters. */
export interface WalkedRow {
  id: string;
  rank: number | null;
  offerCount: number;
  lowestPrice: number;
  currency: string;
  nearestKm: number | null;
}

export interface WalkInputs {
  order: WalkOrder;
  /** ts_rank of the text query; null for catalogue order. */
  rank: SQL<number> | null;
  /** What a product must be (text match, category subtree). */
  productConditions: readonly SQL[];
  /** What an offer joined to its business must be to count (offerConditions). */
  offerConditions: readonly SQL[];
  /** The order's ORDER BY and keyset over the products table. */
  plan: SortPlan;
  cursor: string | undefined;
  area: SearchArea | null;
  now: Date;
  limit: number;
}

/** The passing offers of the product `productId` names, aggregated (a LATERAL subquery). */
export function offerAggregateSql(
  productId: SQL,
  { offerConditions, area, now }: Pick<WalkInputs, 'offerConditions' | 'area' | 'now'>,
): SQL {
  return sql`(
      select count(*)::int as offer_count,
        -- The price and distance of the offer the card shows (shownOfferOrderSql).
        ${shownPriceSql(now)}::int as lowest_price,
        -- A city lists in one currency (every store's offers carry it); min() only picks it.
        min(${offers.currency}) as currency,
        ${shownDistanceSql(area?.center ?? null, now)}::float8 as nearest_km
      from ${offers}
      inner join ${businesses} on ${eq(businesses.id, offers.businessId)}
      where ${and(sql`${offers.productId} = ${productId}`, ...offerConditions)}
    ) as matching`;
}

const MATCHING_COLUMNS = sql`matching.offer_count as "offerCount",
  matching.lowest_price as "lowestPrice", matching.currency, matching.nearest_km as "nearestKm"`;

export function walkStatement(inputs: WalkInputs): SQL {
  const { order, rank, productConditions, plan, cursor, limit } = inputs;
  const where = and(...productConditions, plan.after(cursor));
  if (order === 'catalogue' || rank === null) {
    // Flat, so the planner sees the LIMIT and walks the primary key in order (a subquery here
    // would be planned alone: every product read and sorted first).
    return sql`select ${products.id} as id, null::real as "rank", ${MATCHING_COLUMNS}
      from ${products}
      cross join lateral ${offerAggregateSql(sql`${products.id}`, inputs)}
      where ${and(where, sql`matching.offer_count > 0`)}
      order by ${sql.join(plan.orderBy, sql`, `)}
      limit ${limit + 1}`;
  }
  // Every match must be ranked before the first can be listed, so the ranking is its own subquery;
  // OFFSET 0 keeps it one: without it PostgreSQL may push the offer test into it and aggregate
  // every matching product before sorting. The outer ORDER BY is the subquery's own order, so no
  // sort sits above the lateral join and LIMIT stops the walk.
  return sql`select ranked.id, ranked.walk_rank as "rank", ${MATCHING_COLUMNS}
    from (
      select ${products.id} as id, ${rank} as walk_rank
      from ${products}
      ${where ? sql`where ${where}` : sql``}
      order by ${sql.join(plan.orderBy, sql`, `)}
      offset 0
    ) as ranked
    cross join lateral ${offerAggregateSql(sql`ranked.id`, inputs)}
    where matching.offer_count > 0
    order by ranked.walk_rank desc, ranked.id asc
    limit ${limit + 1}`;
}

/**
 * The relevance walk over a stored ranking (search-rankings.ts): the same rows in the same order
 * as walkStatement's, read from the stored ids instead of ranking every match. `productConditions`
 * are the ones besides the text match (the category subtree); `plan` is keyed on ranked.walk_rank.
 * The ranking is read by its query: one replaced meanwhile by a newer version's (same key) is read
 * as it now is.
 */
export function storedWalkStatement(
  inputs: WalkInputs,
  stored: StoredRanking,
  /** Read only the first `head` products of the ranking (a page is usually found among them). */
  head: number | null,
): SQL {
  const { productConditions, plan, cursor, limit } = inputs;
  // Unnesting all of "milk"'s 6,112 ids and sorting them by position took 3.5 ms; its first 256
  // take 0.2 ms, and the first page near a shopper is found within them.
  const ids = head === null ? sql`s.ids` : sql`s.ids[1:${head}]`;
  const ranks = head === null ? sql`s.ranks` : sql`s.ranks[1:${head}]`;
  const where = and(sql`matching.offer_count > 0`, ...productConditions, plan.after(cursor));
  // OFFSET 0 keeps the subquery's order (the stored order) for the outer query, so no sort sits
  // above the lateral join and LIMIT stops the walk, as in walkStatement.
  return sql`select ranked.id, ranked.walk_rank as "rank", ${MATCHING_COLUMNS}
    from (
      select r.id, r.walk_rank, r.ord
      from search_rankings s
      cross join lateral unnest(${ids}, ${ranks}) with ordinality as r(id, walk_rank, ord)
      where s.query = ${stored.query}
      order by r.ord
      offset 0
    ) as ranked
    inner join ${products} on ${products.id} = ranked.id
    cross join lateral ${offerAggregateSql(sql`ranked.id`, inputs)}
    where ${where}
    order by ranked.ord
    limit ${limit + 1}`;
}

/** Up to limit + 1 listed products in the order, each with its passing offers' aggregate. */
export function walkProducts(db: Database, inputs: WalkInputs): Promise<WalkedRow[]> {
  return executeRows<WalkedRow>(db, walkStatement(inputs));
}

/** How much of a stored ranking the walk reads first (storedWalkStatement's `head`); tests shrink it. */
export const storedWalk = { head: 256 };

/**
 * walkProducts over a stored ranking (storedWalkStatement): its head first; the whole ranking only
 * when the head held fewer than limit + 1 listed products and the ranking goes on.
 */
export async function walkStoredRanking(
  db: Database,
  inputs: WalkInputs,
  stored: StoredRanking,
): Promise<WalkedRow[]> {
  if (stored.matches > storedWalk.head) {
    const head = await executeRows<WalkedRow>(
      db,
      storedWalkStatement(inputs, stored, storedWalk.head),
    );
    if (head.length > inputs.limit) return head;
  }
  return executeRows<WalkedRow>(db, storedWalkStatement(inputs, stored, null));
}
