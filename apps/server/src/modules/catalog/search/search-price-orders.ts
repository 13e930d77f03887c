import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { executeRows } from './execute-rows.ts';
import type { StoredRanking } from './search-rankings.ts';

/**
 * Stored price orders of product searches (issue 18, ADR 0027, migration 0028): a stored ranking's
 * matches sorted by their price bounds (floor ascending, or ceiling descending; then id), so a
 * text query's price sort reads its next candidates from one row instead of looking up and sorting
 * the bounds of every match on every page ("milk": 6,112 lookups, ~17 ms at bench scale).
 *
 * Bounds change with every offer price, far more often than the search version, so an order is not
 * trusted as stored: it is kept with the snapshot its bounds were read in, and every bounds row
 * carries the transaction that last wrote it (`changed_xact`). A row the snapshot did not see was
 * written by a transaction at or past the snapshot's xmin, so the walk reads those rows (an index
 * range, usually empty) with their current bounds in place of the stored ones (priceOrderStatement).
 * Once more than MAX_CHANGED rows changed since, the order is read afresh instead.
 */

export type PriceDirection = 'asc' | 'desc';

/**
 * Bounds rows changed since an order's snapshot (in the whole catalogue: counting is bounded,
 * testing each against the text is not) beyond which it is rebuilt: patching reads every
 * changed row (and its product, to test the text), so past a few thousand the rebuild is cheaper.
 */
export const MAX_CHANGED = 4096;

/** The bound a direction walks: the least price of a product cheapest first, else the greatest. */
function boundColumn(direction: PriceDirection): SQL {
  return direction === 'asc' ? sql.raw('b.floor_price') : sql.raw('b.ceiling_price');
}

function boundOrder(direction: PriceDirection, bound: SQL, id: SQL): SQL {
  return direction === 'asc' ? sql`${bound} asc, ${id} asc` : sql`${bound} desc, ${id} asc`;
}

/** A stored order to walk: its tsquery, direction, and its snapshot's xmin (priceOrderStatement). */
export interface StoredPriceOrder {
  ranking: StoredRanking;
  direction: PriceDirection;
  /** The xmin of the snapshot its bounds were read in, as text (an xid8). */
  xmin: string;
}

/**
 * The ranking's order for `direction` when it is stored and fresh enough to walk, storing it first
 * when it is missing, made at an older version or too far behind the bounds. Null when it cannot be
 * stored: the ranking was replaced meanwhile (the caller sorts the candidates itself).
 */
export async function storedPriceOrder(
  db: Database,
  ranking: StoredRanking,
  direction: PriceDirection,
  maxChanged = MAX_CHANGED,
): Promise<StoredPriceOrder | null> {
  const [found] = await executeRows<{ changed: number; xmin: string }>(
    db,
    sql`select pg_snapshot_xmin(o.bounds_snapshot)::text as xmin,
        (select count(*)::int from (
          select 1 from product_price_bounds b
          where b.changed_xact >= pg_snapshot_xmin(o.bounds_snapshot)
          limit ${maxChanged + 1}
        ) as since) as changed
      from search_price_orders o
      where o.query = ${ranking.query} and o.direction = ${direction}
        and o.version = ${ranking.version}`,
  );
  if (found && found.changed <= maxChanged) return { ranking, direction, xmin: found.xmin };
  const bound = boundColumn(direction);
  const order = boundOrder(direction, bound, sql.raw('b.product_id'));
  // The bounds and the snapshot stored with them come from one statement, so from one snapshot.
  const [made] = await executeRows<{ xmin: string }>(
    db,
    sql`insert into search_price_orders (query, direction, version, bounds_snapshot, ids, bounds)
      select s.query, ${direction}, s.version, pg_current_snapshot(),
        coalesce(array_agg(b.product_id order by ${order})
          filter (where b.product_id is not null), '{}'),
        coalesce(array_agg(${bound} order by ${order}) filter (where b.product_id is not null), '{}')
      from search_rankings s
      left join lateral (
        select b.product_id, b.floor_price, b.ceiling_price
        from unnest(s.ids) as r(id)
        inner join product_price_bounds b on b.product_id = r.id
      ) as b on true
      where s.query = ${ranking.query} and s.version = ${ranking.version} and s.ids is not null
      group by s.query, s.version
      on conflict (query, direction) do update set version = excluded.version,
        bounds_snapshot = excluded.bounds_snapshot, ids = excluded.ids, bounds = excluded.bounds
        where search_price_orders.version <= excluded.version
      returning pg_snapshot_xmin(bounds_snapshot)::text as xmin`,
  );
  return made ? { ranking, direction, xmin: made.xmin } : null;
}

/**
 * The next `size` candidates of a stored order after the keyset `from` (bound, then id): the
 * stored (id, bound) pairs, except the products whose bounds changed since the order's snapshot,
 * which are read from product_price_bounds as they are now (a changed product that matches the text
 * now, whether or not the order named it). A product the order names whose bounds are gone (its
 * last offer went) is still read: the walk finds no passing offer and skips it.
 *
 * The xmin is the one read with the order, passed as a value so the planner sees how few rows
 * changed since (the index range); read from the row in the statement it was not known when
 * planning, and every bounds row was scanned (~40 ms). Should the order be rebuilt meanwhile, its
 * xmin can only be later: the rows read are then a superset of the changed ones, still correct.
 *
 * When the order is no longer stored (a newer ranking pruned it), one row with a null id says so.
 */
export function priceOrderStatement(
  { ranking, direction, xmin }: StoredPriceOrder,
  from: { id: string; bound: number } | null,
  size: number,
): SQL {
  const bound = boundColumn(direction);
  const after =
    from === null
      ? sql`true`
      : sql`(walked.bound ${direction === 'asc' ? sql`>` : sql`<`} ${from.bound}::int
          or (walked.bound = ${from.bound}::int and walked.id > ${from.id}::uuid))`;
  return sql`with stored as (
      select o.ids, o.bounds from search_price_orders o
      where o.query = ${ranking.query} and o.direction = ${direction}
    ), changed as materialized (
      select b.product_id as id, ${bound} as bound
      from product_price_bounds b
      inner join products p on p.id = b.product_id
      where b.changed_xact >= ${xmin}::xid8 and p.search @@ ${ranking.query}::tsquery
        and exists (select 1 from stored)
    )
    (select walked.id, walked.bound from (
        select u.id, u.bound from stored
        cross join lateral unnest(stored.ids, stored.bounds) as u(id, bound)
        where not exists (select 1 from changed c where c.id = u.id)
        union all
        select c.id, c.bound from changed c
      ) as walked
      where ${after}
      order by ${boundOrder(direction, sql.raw('walked.bound'), sql.raw('walked.id'))}
      limit ${size})
    union all
    select null::uuid, null::int where not exists (select 1 from stored)`;
}
