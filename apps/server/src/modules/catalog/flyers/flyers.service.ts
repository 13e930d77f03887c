import type { Flyer, FlyerItem, FlyerListQuery, FlyerSummary, ImageRef } from '@localmart/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { shopperVisibleSql } from '../shared/shopper-visibility.ts';
import { businesses, flyerItems, flyerPages, flyers, offers } from '../../../db/schema/index.ts';
import {
  afterCursorSql,
  type KeyOrder,
  keyedPage,
  orderBySql,
  type Page,
} from '../shared/keyset-sql.ts';
import { type BusinessRefRow, businessRefColumns, toBusinessRef } from '../shared/business-ref.ts';
import { distanceKmSql, withinRadiusSql } from '../shared/geo-sql.ts';
import { offerColumns, toOffer } from '../shared/offer.ts';
import {
  flyerCoverColumns,
  flyerItemColumns,
  pagesWithItems,
  selectFlyerPages,
} from './flyer-pages.ts';

/** flyerlist and flyer-details: stores' weekly flyers, hotspots linked to live offers. */

const flyerColumns = {
  id: flyers.id,
  title: flyers.title,
  validFrom: flyers.validFrom,
  validTo: flyers.validTo,
  business: businessRefColumns,
  ...flyerCoverColumns,
} as const;

interface FlyerRow {
  id: string;
  title: string;
  validFrom: string;
  validTo: string;
  business: BusinessRefRow;
  cover: ImageRef | null;
  pageCount: number;
  itemCount: number;
}

/** A flyer without pages has nothing to show (no cover); it is not published yet. */
const hasPagesSql = sql`exists (select 1 from ${flyerPages} where ${flyerPages.flyerId} = ${flyers.id})`;

/**
 * Valid today where the store is: its flyer dates are local calendar days (both included), so the
 * request instant is read in the store's own time zone (a Toronto flyer ends at Toronto midnight).
 */
function validOnStoreDaySql(now: Date): SQL {
  const instant = sql`${now.toISOString()}::timestamptz`;
  const storeToday = sql`(${instant} at time zone (${businesses.hours} ->> 'timeZone'))::date`;
  // Every zone's today is within a day of UTC's: this coarse test can use flyers_valid_idx first.
  const utcToday = sql`(${instant} at time zone 'UTC')::date`;
  return sql`(${flyers.validTo} >= ${utcToday} - 1 and ${flyers.validFrom} <= ${utcToday} + 1
    and ${storeToday} between ${flyers.validFrom} and ${flyers.validTo})`;
}

function toSummary(row: FlyerRow, now: Date): FlyerSummary | null {
  if (!row.cover) return null;
  return {
    id: row.id,
    business: toBusinessRef(row.business, now),
    title: row.title,
    validFrom: row.validFrom,
    validTo: row.validTo,
    timeZone: row.business.hours.timeZone,
    cover: row.cover,
    pageCount: row.pageCount,
    itemCount: row.itemCount,
  };
}

interface KeyedRow {
  id: string;
  business: { name: string };
  distanceKm: number | null;
}

/** Nearest first when located; otherwise by store name, so a shopper can find their store's flyer. */
function flyerOrder(distance: SQL<number> | null): KeyOrder<KeyedRow> {
  const byId = { expr: flyers.id, type: 'uuid', direction: 'asc' } as const;
  if (distance) {
    return {
      name: 'distance',
      parts: [{ expr: distance, type: 'float8', direction: 'asc' }, byId],
      keyOf: (row) => [row.distanceKm ?? 0, row.id],
    };
  }
  return {
    name: 'store',
    parts: [{ expr: businesses.name, type: 'text', direction: 'asc' }, byId],
    keyOf: (row) => [row.business.name, row.id],
  };
}

export async function listFlyers(
  db: Database,
  query: FlyerListQuery,
  now: Date,
): Promise<Page<FlyerSummary>> {
  const here =
    query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;
  const distance = here ? distanceKmSql(businesses.lat, businesses.lng, here) : null;
  // 'relevance' and 'distance' are the same order here: flyers have no text to rank.
  const order = flyerOrder(distance);

  const filters: SQL[] = [shopperVisibleSql(), validOnStoreDaySql(now), hasPagesSql];
  if (here) filters.push(withinRadiusSql(businesses.lat, businesses.lng, here, query.radiusKm));
  if (query.businessId) filters.push(eq(flyers.businessId, query.businessId));
  if (query.cursor) filters.push(afterCursorSql(order, query.cursor));

  const rows = await db
    .select({ ...flyerColumns, distanceKm: distance ?? sql<null>`null` })
    .from(flyers)
    .innerJoin(businesses, eq(businesses.id, flyers.businessId))
    .where(and(...filters))
    .orderBy(...orderBySql(order))
    .limit(query.limit + 1);

  const page = keyedPage(rows, query.limit, order, (row) => toSummary(row, now));
  return {
    // hasPagesSql already guarantees a cover; the filter only satisfies the types.
    results: page.results.filter((flyer): flyer is FlyerSummary => flyer !== null),
    nextCursor: page.nextCursor,
  };
}

/**
 * One flyer with its pages and hotspots, whatever its dates (a shared link to last week's flyer still
 * opens). Each linked item carries its offer as it is now, so the hotspot shows live stock and price.
 */
export async function findFlyer(
  db: Database,
  flyerId: string,
  now: Date,
): Promise<Flyer | undefined> {
  const [row] = await db
    .select(flyerColumns)
    .from(flyers)
    .innerJoin(businesses, eq(businesses.id, flyers.businessId))
    .where(and(eq(flyers.id, flyerId), hasPagesSql, shopperVisibleSql()));
  const summary = row ? toSummary(row, now) : null;
  if (!summary) return undefined;

  const pageRows = await selectFlyerPages(db, flyerId);
  const itemRows = await db
    .select({ ...flyerItemColumns, offerId: flyerItems.offerId })
    .from(flyerItems)
    .innerJoin(flyerPages, eq(flyerPages.id, flyerItems.pageId))
    .where(eq(flyerPages.flyerId, flyerId))
    .orderBy(asc(flyerItems.position), asc(flyerItems.id));

  const offerIds = [...new Set(itemRows.flatMap((item) => (item.offerId ? [item.offerId] : [])))];
  const offerRows =
    offerIds.length === 0
      ? []
      : await db
          .select(offerColumns)
          .from(offers)
          .innerJoin(businesses, eq(businesses.id, offers.businessId))
          .where(and(inArray(offers.id, offerIds), shopperVisibleSql()));
  const liveOffers = new Map(offerRows.map((offer) => [offer.offerId, toOffer(offer, now)]));

  const pages = pagesWithItems(pageRows, itemRows, ({ offerId, ...item }): FlyerItem => ({
    ...item,
    offer: (offerId && liveOffers.get(offerId)) || null,
  }));
  return { ...summary, pages };
}
