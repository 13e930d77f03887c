import type { CatalogSort } from '@localmart/contract';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { KeyOrder } from './keyset-sql.ts';

/** What a catalogue order reads from a fetched row to build the next cursor. */
export interface CatalogKeyedRow {
  id: string;
  name: string;
  priceAmount: number;
  distanceKm: number | null;
  score: number | null;
}

export interface CatalogOrderColumns {
  id: AnyColumn;
  name: AnyColumn;
  price: AnyColumn;
}

/**
 * The sort a list request asked for (CATALOG_SORTS), as keyset keys with the row id as tie-break.
 * 'relevance' ranks text matches when q is given; without q it falls back to distance when located,
 * else to the name, as the Stores list does (schemas/queries.ts). `score` and `distance` are null
 * when the request had no q or no location.
 */
export function catalogOrder(
  sort: CatalogSort,
  columns: CatalogOrderColumns,
  score: SQL<number> | null,
  distance: SQL<number> | null,
): KeyOrder<CatalogKeyedRow> {
  const byId = { expr: columns.id, type: 'uuid', direction: 'asc' } as const;
  if (sort === 'price_asc' || sort === 'price_desc') {
    const direction = sort === 'price_asc' ? 'asc' : 'desc';
    return {
      name: sort,
      parts: [{ expr: columns.price, type: 'int4', direction }, byId],
      keyOf: (row) => [row.priceAmount, row.id],
    };
  }
  if (sort === 'relevance' && score) {
    return {
      name: 'relevance',
      parts: [{ expr: score, type: 'float8', direction: 'desc' }, byId],
      keyOf: (row) => [row.score ?? 0, row.id],
    };
  }
  // sort 'distance' always has a location (the query schema refuses it without lat and lng).
  if (distance) {
    return {
      name: 'distance',
      parts: [{ expr: distance, type: 'float8', direction: 'asc' }, byId],
      keyOf: (row) => [row.distanceKm ?? 0, row.id],
    };
  }
  return {
    name: 'name',
    parts: [{ expr: columns.name, type: 'text', direction: 'asc' }, byId],
    keyOf: (row) => [row.name, row.id],
  };
}
