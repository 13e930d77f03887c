import {
  type BusinessListQuery,
  type BusinessSummary,
  type CategoryRef,
  type FulfilmentFlags,
  type ImageRef,
  type LatLng,
  type OpenState,
  safeText,
} from '@localmart/contract';
import { answerMinutesFrom, answerMinutesSql } from '../../reviews/answer-times.ts';
import { aggregateOfColumns, ratingColumnsOf, ratingFrom } from '../../reviews/reviews.service.ts';
import { and, asc, desc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import { shopperVisibleSql } from '../shared/shopper-visibility.ts';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { businessCategories, businesses } from '../../../db/schema/index.ts';
import {
  type BusinessRefRow,
  businessRefColumns,
  openStateAt,
  pickupPromiseOf,
  roundKm,
} from '../shared/business-ref.ts';
import { decodeCursor, pageOf } from '../shared/cursor.ts';
import { distanceKmSql, withinRadiusSql } from '../shared/geo-sql.ts';
import { businessTextSearch } from './business-search.ts';
import { categoryRefsSql } from './business-categories.ts';
import { categoryIdsUnder } from './category.service.ts';

/**
 * GET businesses (home): stores near the shopper, filtered by kind, category (with its descendants),
 * open-now and text, in one of three keyset orders:
 * - `distance`: nearest first (sort=distance, or relevance without q but with a location);
 * - `text`: best match first (relevance with q);
 * - `name`: alphabetical (relevance with neither q nor location).
 * The cursor carries the order's name, so a cursor from another order is refused (400).
 */
type ListOrder = 'distance' | 'text' | 'name';

const cursorShapes = {
  distance: z.tuple([z.literal('distance'), z.number().nonnegative(), z.uuid()]),
  text: z.tuple([z.literal('text'), z.number(), z.uuid()]),
  name: z.tuple([z.literal('name'), safeText(), z.uuid()]),
} as const;

/**
 * With openNow, candidates are read in the list's order in batches of at least this many and the
 * closed ones dropped in JS: opening hours (time zones, overnight intervals, holidays) are decided by
 * the contract's openStateLabel, which SQL cannot call. Keyset stays exact: the cursor is the last
 * row returned, and skipped rows are skipped again on the next page.
 */
const OPEN_NOW_BATCH = 100;

/**
 * Radii (km beyond the cursor's distance) the distance order tries before the asked radius. At
 * bench scale downtown 1 km holds ~170 stores; in the suburbs 10 km holds ~85; a radius that holds
 * fewer than a page costs one cheap indexed query.
 */
const NARROWER_RADII_KM = [1, 3, 10] as const;

/**
 * The store's id qualified by its table, for the card's subqueries: drizzle names a one-table
 * select's columns bare ("id"), which inside a subquery over categories would be the category's.
 */
const businessIdRef = sql`${businesses}.${sql.identifier(businesses.id.name)}`;

interface ListRow extends BusinessRefRow {
  cover: ImageRef;
  fulfilment: FulfilmentFlags;
  pickupReadyMinutes: number | null;
  distanceKm: number | null;
  score: number;
  categories: CategoryRef[];
  reviewCount: number | null;
  starTotal: number | null;
  answerMinutes: number | null;
}

function orderOf(query: BusinessListQuery, near: LatLng | null): ListOrder {
  if (query.sort === 'distance') return 'distance';
  if (query.q !== undefined) return 'text';
  return near ? 'distance' : 'name';
}

function nearOf(query: BusinessListQuery): LatLng | null {
  return query.lat === undefined || query.lng === undefined
    ? null
    : { lat: query.lat, lng: query.lng };
}

export async function listBusinesses(
  db: Database,
  query: BusinessListQuery,
  now: Date,
): Promise<{ results: BusinessSummary[]; nextCursor: string | null }> {
  const near = nearOf(query);
  const order = orderOf(query, near);
  const search = query.q === undefined ? null : businessTextSearch(query.q);
  // Only distance order needs `near`; orderOf guarantees it there (checkLocation refuses the rest).
  const distance: SQL<number | null> = near
    ? distanceKmSql(businesses.lat, businesses.lng, near)
    : sql<null>`null::float8`;
  const score: SQL<number> = search ? search.score : sql<number>`0::float8`;

  // Everything but the radius, which fetchBatch adds (the distance order narrows it first).
  const filters: (SQL | undefined)[] = [shopperVisibleSql()];
  if (query.kind !== undefined) filters.push(eq(businesses.kind, query.kind));
  if (search) filters.push(search.matches);
  if (query.category !== undefined) {
    const categoryIds = await categoryIdsUnder(db, query.category, query.kind);
    if (categoryIds.length === 0) return { results: [], nextCursor: null };
    filters.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(businessCategories)
          .where(
            and(
              eq(businessCategories.businessId, businesses.id),
              inArray(businessCategories.categoryId, categoryIds),
            ),
          ),
      ),
    );
  }

  const keyOf = (row: ListRow): readonly unknown[] => {
    if (order === 'distance') return ['distance', row.distanceKm ?? 0, row.id];
    if (order === 'text') return ['text', row.score, row.id];
    return ['name', row.name, row.id];
  };

  /** Rows strictly after `key` in the list's order. */
  const after = (key: readonly unknown[]): SQL => {
    const [, value, id] = key;
    if (order === 'distance') {
      return sql`(${distance}, ${businesses.id}) > (${value}::float8, ${id}::uuid)`;
    }
    if (order === 'text') {
      return sql`(${score} < ${value}::float8 or (${score} = ${value}::float8 and ${businesses.id} > ${id}::uuid))`;
    }
    return sql`(${businesses.name}, ${businesses.id}) > (${value}::text, ${id}::uuid)`;
  };

  const orderBy: SQL[] =
    order === 'distance'
      ? [sql`${distance} asc`, asc(businesses.id)]
      : order === 'text'
        ? [desc(score), asc(businesses.id)]
        : [asc(businesses.name), asc(businesses.id)];

  const fetchWithin = (
    radiusKm: number,
    key: readonly unknown[] | undefined,
    size: number,
  ): Promise<ListRow[]> =>
    db
      .select({
        ...businessRefColumns,
        cover: businesses.cover,
        fulfilment: businesses.fulfilment,
        pickupReadyMinutes: businesses.pickupReadyMinutes,
        distanceKm: distance,
        score,
        // A card's chips, rating and answer time in the same statement: one round trip for the
        // page instead of four. PostgreSQL evaluates these subqueries above the sort and limit
        // (they are costly target-list expressions), so only for the rows returned.
        categories: categoryRefsSql(businessIdRef),
        ...ratingColumnsOf('store', businessIdRef),
        answerMinutes: answerMinutesSql(businessIdRef),
      })
      .from(businesses)
      .where(
        and(
          ...filters,
          near ? withinRadiusSql(businesses.lat, businesses.lng, near, radiusKm) : undefined,
          key === undefined ? undefined : after(key),
        ),
      )
      .orderBy(...orderBy)
      .limit(size);

  /**
   * The next `size` rows after `key`. Nearest first, the stores within a smaller radius are tried
   * before the asked one: when `size` of them are found they are the next `size` of the whole
   * radius too (every store outside is farther than each of them), and the query computes the exact
   * distance of the few stores in a small box instead of every store of the city.
   */
  const fetchBatch = async (
    key: readonly unknown[] | undefined,
    size: number,
  ): Promise<ListRow[]> => {
    if (order === 'distance') {
      const from = typeof key?.[1] === 'number' ? key[1] : 0;
      for (const step of NARROWER_RADII_KM) {
        if (from + step >= query.radiusKm) break;
        const rows = await fetchWithin(from + step, key, size);
        if (rows.length === size) return rows;
      }
    }
    return fetchWithin(query.radiusKm, key, size);
  };

  let key: readonly unknown[] | undefined =
    query.cursor === undefined ? undefined : decodeCursor(query.cursor, cursorShapes[order]);
  const limit = query.limit;
  const batchSize = query.openNow ? Math.max(limit + 1, OPEN_NOW_BATCH) : limit + 1;
  const kept: { row: ListRow; openState: OpenState }[] = [];
  for (;;) {
    const rows = await fetchBatch(key, batchSize);
    for (const row of rows) {
      const openState = openStateAt(row.hours, now, row.pausedUntil);
      if (query.openNow && !openState.open) continue;
      kept.push({ row, openState });
      if (kept.length > limit) break;
    }
    const last = rows.at(-1);
    if (kept.length > limit || rows.length < batchSize || !last) break;
    key = keyOf(last);
  }

  return pageOf(
    kept,
    limit,
    ({ row }) => keyOf(row),
    ({ row, openState }): BusinessSummary => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      kind: row.kind,
      logo: row.logo,
      addressLine: row.addressLine,
      lat: row.lat,
      lng: row.lng,
      openState,
      cover: row.cover,
      distanceKm: roundKm(row.distanceKm),
      categories: row.categories,
      pickupPromise: pickupPromiseOf(row.pickupReadyMinutes, row.fulfilment),
      fulfilment: row.fulfilment,
      rating: ratingFrom(aggregateOfColumns(row)),
      answerMinutes: answerMinutesFrom(row.answerMinutes),
    }),
  );
}
