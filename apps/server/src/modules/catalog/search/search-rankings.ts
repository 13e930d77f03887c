import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { executeRows } from './execute-rows.ts';

/**
 * Stored rankings of product searches (issue 18, ADR 0025, migration 0025): the ids of every
 * product a tsquery matches in relevance order (ts_rank desc, id asc) with their ranks, kept per
 * tsquery text in the database, so every API process shares them and a repeated query walks the
 * stored order instead of rechecking and ranking every match (~18 ms for "milk" at bench scale).
 *
 * A ranking is valid for the catalogue's search version it was made at (bumped by a trigger with
 * every write to the products' searchable text): a product added, edited or deleted is searched
 * afresh by the next request. Rankings of older versions are deleted when a newer one is stored.
 */

/** More matches than this are ranked live each time: storing them costs more than it saves. */
export const MAX_STORED_MATCHES = 50_000;

/** A ranking the walk may read: the tsquery's text and the version it was made at. */
export interface StoredRanking {
  query: string;
  version: number;
  /** How many products it lists. */
  matches: number;
}

/**
 * The stored ranking of `tsqueryText` at the current version, made and stored first when there is
 * none; null when the query has too many matches to store (the caller ranks it live).
 */
export async function storedRanking(
  db: Database,
  tsqueryText: string,
): Promise<StoredRanking | null> {
  const [found] = await executeRows<{ version: number; matches: number; stored: boolean }>(
    db,
    sql`select s.version::float8 as version, s.match_count as matches, s.ids is not null as stored
      from search_rankings s
      inner join search_catalogue_version v on v.version = s.version
      where s.query = ${tsqueryText}`,
  );
  if (found) {
    return found.stored
      ? { query: tsqueryText, version: found.version, matches: found.matches }
      : null;
  }
  // Ranked and versioned in one statement, so in one snapshot: a product write that commits while
  // this runs bumps the version past the one stored here.
  const [made] = await executeRows<{ version: number; matches: number; stored: boolean }>(
    db,
    sql`insert into search_rankings (query, version, match_count, ids, ranks)
      select ${tsqueryText}, (select version from search_catalogue_version where id = 1),
        count(*)::int,
        case when count(*) <= ${MAX_STORED_MATCHES}
          then coalesce(array_agg(m.id order by m.rank desc, m.id asc), '{}') end,
        case when count(*) <= ${MAX_STORED_MATCHES}
          then coalesce(array_agg(m.rank order by m.rank desc, m.id asc), '{}') end
      from (
        select id, ts_rank(search, ${tsqueryText}::tsquery) as rank
        from products where search @@ ${tsqueryText}::tsquery
      ) as m
      on conflict (query) do update set version = excluded.version,
        match_count = excluded.match_count, ids = excluded.ids, ranks = excluded.ranks,
        ranked_at = excluded.ranked_at
        where search_rankings.version <= excluded.version
      returning version::float8 as version, match_count as matches, ids is not null as stored`,
  );
  if (!made) return null;
  // The rankings of earlier versions, and their price orders (search-price-orders.ts), are of no
  // use any more.
  await db.execute(sql`with rankings as (delete from search_rankings where version < ${made.version})
    delete from search_price_orders where version < ${made.version}`);
  return made.stored ? { query: tsqueryText, version: made.version, matches: made.matches } : null;
}

/**
 * Whether a ranking is still stored under its query (after a walk over it found nothing: an empty
 * page is the answer then, unless the ranking was pruned meanwhile and the list must be walked live).
 * A ranking replaced by a newer version's stays under the same key, and the walk reads that one.
 */
export async function stillStored(db: Database, ranking: StoredRanking): Promise<boolean> {
  const [row] = await executeRows<{ stored: boolean }>(
    db,
    sql`select exists (select 1 from search_rankings
      where query = ${ranking.query} and ids is not null) as stored`,
  );
  return row?.stored === true;
}
