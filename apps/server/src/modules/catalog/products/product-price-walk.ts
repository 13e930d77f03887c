import { INT4_MAX, INT4_MIN } from '@localmart/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { productPriceBounds, products } from '../../../db/schema/index.ts';
import { executeRows } from '../search/execute-rows.ts';
import {
  type PriceDirection,
  priceOrderStatement,
  type StoredPriceOrder,
  storedPriceOrder,
} from '../search/search-price-orders.ts';
import type { StoredRanking } from '../search/search-rankings.ts';
import { decodeCursor } from '../shared/cursor.ts';
import type { SearchArea } from './product-filters.ts';
import { offerAggregateSql, type WalkedRow } from './product-walk.ts';

/**
 * The Products list by price (issue 18, ADR 0024), without aggregating every offer in the area.
 * A card's price is the current price of one of the product's offers (its sale or its regular
 * amount), so it is never below the product's `floor_price` nor above its `ceiling_price`
 * (product_price_bounds, kept by triggers on offers). Cheapest first, products are read in floor
 * order, each with the exact aggregate of its offers that pass the filters (the same aggregate as
 * every other order: product-walk.ts), in growing batches; once limit + 1 listed products are known
 * and the (limit + 1)th price is below the floor reached, no product not yet read can come before
 * it, and the page is exact. Dearest first is the mirror image with the ceiling.
 *
 * The cursor's page starts after (price, id) like the aggregate it replaces; a product after it may
 * have any floor, so every page walks from the cheapest floor: page n reads the products whose floor
 * is below its last price.
 */
export type PriceOrder = 'price_asc' | 'price_desc';

export interface PriceWalkInputs {
  order: PriceOrder;
  /** What a product must be (text match, category subtree). */
  productConditions: readonly SQL[];
  /** What an offer joined to its business must be to count (offerConditions). */
  offerConditions: readonly SQL[];
  /** A text query is among productConditions (its candidates are then found first). */
  hasText: boolean;
  /**
   * The text query's stored ranking (search-rankings.ts): its ids are the candidates, with the
   * conditions besides the text match, instead of matching the text again.
   */
  stored?: { ranking: StoredRanking; conditionsBesidesText: readonly SQL[] } | undefined;
  /**
   * The aisle's category ids when the aisle is the only product condition (no text): its bounds
   * are walked per category in bound order (AISLE_WALK_MAX_CATEGORIES at most).
   */
  categoryIds?: readonly string[] | undefined;
  cursor: string | undefined;
  area: SearchArea | null;
  now: Date;
  limit: number;
}

/**
 * Products whose exact aggregate is read at once: the first batch, then twice as many each time, up
 * to the last. Doubling, not quadrupling: a batch costs ~30 us per product at bench scale against
 * ~0.5 ms per statement, and a page is usually certain within a few hundred products ("milk"
 * dearest first needs 176), so a fourfold step read 672 where 224 do. The ordered (id, bound) list
 * is read ahead in chunks of its own.
 */
const FIRST_BATCH = 32;
const LAST_BATCH = 2048;
const FIRST_CHUNK = 256;
const LAST_CHUNK = 16_384;

/**
 * Fewer candidate products than this (a text query, a small aisle): they are found first (GIN or
 * category index) and sorted by their bound, instead of walking the bound index and testing each
 * product there. A text's or an aisle's products are rarely spread evenly over prices ("milk" is
 * cheap, cheese dear): walking cheapest first read ~23,000 products to find 64 cheeses.
 */
const FEW_CANDIDATES = 20_000;

/**
 * An aisle of up to this many categories is read from the bounds' per-category indexes (migration
 * 0027): each category's next products in bound order, merged. The grocery tree at bench scale has
 * 25; a wider subtree walks the global bound index as before.
 */
const AISLE_WALK_MAX_CATEGORIES = 32;

/** The aisle whose bounds are walked per category, or null. */
function aisleOf(inputs: PriceWalkInputs): readonly string[] | null {
  const ids = inputs.categoryIds;
  return !inputs.hasText && ids !== undefined && ids.length <= AISLE_WALK_MAX_CATEGORIES
    ? ids
    : null;
}

interface BoundRow {
  id: string;
  bound: number;
}

/** The same cursor shape as the aggregate's sort plan (product-sort.ts): [order, price, id]. */
function cursorOf(order: PriceOrder, cursor: string | undefined): [number, string] | null {
  if (cursor === undefined) return null;
  const [, price, id] = decodeCursor(
    cursor,
    z.tuple([z.literal(order), z.number().int().min(INT4_MIN).max(INT4_MAX), z.uuid()]),
  );
  return [price, id];
}

/** Whether row a comes before row b in the list's order (price, then id). */
function before(
  order: PriceOrder,
  a: { price: number; id: string },
  b: { price: number; id: string },
) {
  if (a.price !== b.price) return order === 'price_asc' ? a.price < b.price : a.price > b.price;
  return a.id < b.id;
}

/**
 * Where the walk reads its candidates in bound order from:
 * - `aisle`: the aisle's per-category bound indexes (aisleOf);
 * - a stored order: a text query's stored price order (search-price-orders.ts), when the text is
 *   the only product condition;
 * - `few`: the candidates found first and sorted by their bounds (FEW_CANDIDATES);
 * - `index`: the global bound index, testing each product.
 */
type Source = 'aisle' | StoredPriceOrder | 'few' | 'index';

async function sourceOf(db: Database, inputs: PriceWalkInputs): Promise<Source> {
  if (aisleOf(inputs) !== null) return 'aisle';
  const stored = inputs.stored;
  if (stored !== undefined && stored.conditionsBesidesText.length === 0) {
    const order = await storedPriceOrder(db, stored.ranking, directionOf(inputs.order));
    if (order !== null) return order;
  }
  if (inputs.productConditions.length === 0) return 'index';
  if (inputs.hasText) return 'few';
  const [probe] = await executeRows<{ found: number }>(
    db,
    sql`select count(*)::int as found from (
      select 1 from ${products} where ${and(...inputs.productConditions)} limit ${FEW_CANDIDATES}
    ) as candidates`,
  );
  return (probe?.found ?? 0) < FEW_CANDIDATES ? 'few' : 'index';
}

function directionOf(order: PriceOrder): PriceDirection {
  return order === 'price_asc' ? 'asc' : 'desc';
}

/**
 * The next `size` candidate products in bound order after `from` (the walk's own keyset: bound,
 * then id). Few candidates are materialized first and sorted; otherwise the bound index is walked
 * (NULLS LAST as the index is built, so dearest first reads it too).
 */
function boundsStatement(
  inputs: PriceWalkInputs,
  source: Source,
  from: BoundRow | null,
  size: number,
): SQL {
  if (typeof source === 'object') return priceOrderStatement(source, from, size);
  const few = source === 'few';
  const ascending = inputs.order === 'price_asc';
  const bound = ascending ? productPriceBounds.floorPrice : productPriceBounds.ceilingPrice;
  const id = productPriceBounds.productId;
  const after =
    from === null
      ? undefined
      : sql`(${bound} ${ascending ? sql`>` : sql`<`} ${from.bound}::int
          or (${bound} = ${from.bound}::int and ${id} > ${from.id}::uuid))`;
  const orderBy = ascending
    ? sql`${bound} asc, ${id} asc`
    : sql`${bound} desc nulls last, ${id} asc`;
  const conditions = and(...inputs.productConditions);
  const aisle = aisleOf(inputs);
  if (aisle !== null) {
    // Each category's next `size` in bound order (its index, from the keyset's bound on), merged:
    // the next `size` of the aisle are among them. The bound test beside the keyset starts the
    // index range there.
    const range =
      from === null ? undefined : sql`${bound} ${ascending ? sql`>=` : sql`<=`} ${from.bound}::int`;
    return sql`select walked.id, walked.bound
      from unnest(${`{${aisle.join(',')}}`}::uuid[]) as aisle(category_id)
      cross join lateral (
        select ${id} as id, ${bound} as bound
        from ${productPriceBounds}
        where ${and(sql`${productPriceBounds.categoryId} = aisle.category_id`, range, after)}
        order by ${orderBy}
        limit ${size}
      ) as walked
      order by ${ascending ? sql`walked.bound asc, walked.id asc` : sql`walked.bound desc nulls last, walked.id asc`}
      limit ${size}`;
  }
  if (few && inputs.stored) {
    const { ranking, conditionsBesidesText } = inputs.stored;
    const besides = and(...conditionsBesidesText);
    return sql`with candidates as materialized (
        select r.id from search_rankings s
        cross join lateral unnest(s.ids) as r(id)
        ${besides ? sql`inner join ${products} on ${products.id} = r.id` : sql``}
        where ${and(sql`s.query = ${ranking.query}`, besides)}
      )
      select ${id} as id, ${bound} as bound
      from ${productPriceBounds}
      where ${and(sql`${id} in (select candidates.id from candidates)`, after)}
      order by ${orderBy}
      limit ${size}`;
  }
  if (few && conditions) {
    return sql`with candidates as materialized (
        select ${products.id} as id from ${products} where ${conditions}
      )
      select ${id} as id, ${bound} as bound
      from ${productPriceBounds}
      where ${and(sql`${id} in (select candidates.id from candidates)`, after)}
      order by ${orderBy}
      limit ${size}`;
  }
  const where = and(conditions, after);
  return sql`select ${id} as id, ${bound} as bound
    from ${productPriceBounds}
    ${conditions ? sql`inner join ${products} on ${products.id} = ${id}` : sql``}
    ${where ? sql`where ${where}` : sql``}
    order by ${orderBy}
    limit ${size}`;
}

/** The passing offers' aggregate of each of `ids` (offer_count 0 when none passes). */
function aggregatesStatement(inputs: PriceWalkInputs, ids: readonly string[]): SQL {
  // One array parameter: ids are the database's own uuids.
  return sql`select walked.id, matching.offer_count as "offerCount",
      matching.lowest_price as "lowestPrice", matching.currency, matching.nearest_km as "nearestKm"
    from unnest(${`{${ids.join(',')}}`}::uuid[]) as walked(id)
    cross join lateral ${offerAggregateSql(sql`walked.id`, inputs)}`;
}

/** Up to limit + 1 listed products in price order, each with its passing offers' aggregate. */
export async function priceWalkProducts(
  db: Database,
  inputs: PriceWalkInputs,
): Promise<WalkedRow[]> {
  const source = await sourceOf(db, inputs);
  const walked = await walkFrom(db, inputs, source);
  // A stored order pruned meanwhile (a newer ranking was made): the candidates are sorted here.
  return walked ?? (await walkFrom(db, inputs, 'few')) ?? [];
}

/** The walk over one source; null when the stored order it reads is gone. */
async function walkFrom(
  db: Database,
  inputs: PriceWalkInputs,
  source: Source,
): Promise<WalkedRow[] | null> {
  const { order, limit } = inputs;
  const ascending = order === 'price_asc';
  const cursor = cursorOf(order, inputs.cursor);
  const wanted = limit + 1;
  const listed: WalkedRow[] = [];
  // Candidates read in bound order and not yet aggregated; `from` is the last one read.
  const pending: BoundRow[] = [];
  let from: BoundRow | null = null;
  let exhausted = false;
  // Sorting the few candidates costs the same for any chunk, so it is read in large ones.
  let chunk = source === 'few' ? LAST_CHUNK / 4 : FIRST_CHUNK;
  let batch = FIRST_BATCH;
  for (;;) {
    if (pending.length < batch && !exhausted) {
      const read: Array<BoundRow | { id: null; bound: null }> = await executeRows(
        db,
        boundsStatement(inputs, source, from, chunk),
      );
      const rows: BoundRow[] = [];
      for (const row of read) {
        if (row.id === null) return null;
        rows.push(row);
      }
      pending.push(...rows);
      exhausted = rows.length < chunk;
      from = rows.at(-1) ?? from;
      chunk = Math.min(chunk * 4, LAST_CHUNK);
    }
    const taken = pending.splice(0, batch);
    if (taken.length === 0) break;
    const rows = await executeRows<WalkedRow>(
      db,
      aggregatesStatement(
        inputs,
        taken.map((row) => row.id),
      ),
    );
    for (const row of rows) {
      if (row.offerCount === 0) continue;
      const key = { price: row.lowestPrice, id: row.id };
      if (cursor !== null && !before(order, { price: cursor[0], id: cursor[1] }, key)) continue;
      listed.push({ ...row, rank: null });
    }
    listed.sort((a, b) =>
      before(order, { price: a.lowestPrice, id: a.id }, { price: b.lowestPrice, id: b.id })
        ? -1
        : 1,
    );
    if (pending.length === 0 && exhausted) break;
    // Every candidate not aggregated yet has a bound at or past the next one's (or the last
    // taken's, when none is read ahead): a price past it, or equal with an id that may come first,
    // so the page is certain only strictly before that bound.
    const next = pending[0]?.bound ?? taken.at(-1)?.bound;
    const certain = listed[wanted - 1];
    if (
      certain !== undefined &&
      next !== undefined &&
      (ascending ? certain.lowestPrice < next : certain.lowestPrice > next)
    ) {
      break;
    }
    batch = Math.min(batch * 2, LAST_BATCH);
  }
  return listed.slice(0, wanted);
}
