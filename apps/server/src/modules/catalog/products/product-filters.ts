import { IN_STOCK_MIN_QUANTITY, type LatLng, type ProductListQuery } from '@localmart/contract';
import { eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { shopperVisibleSql } from '../shared/shopper-visibility.ts';
import { businesses, offers } from '../../../db/schema/index.ts';
import { distanceKmSql, withinRadiusSql } from '../shared/geo-sql.ts';
import { currentPriceSql } from '../shared/offer.ts';

/** Where the shopper is, and how far they will go; null when the request gave no location. */
export interface SearchArea {
  center: LatLng;
  radiusKm: number;
}

export function searchAreaOf(query: {
  lat?: number | undefined;
  lng?: number | undefined;
  radiusKm: number;
}): SearchArea | null {
  return query.lat === undefined || query.lng === undefined
    ? null
    : { center: { lat: query.lat, lng: query.lng }, radiusKm: query.radiusKm };
}

/** The offer's store's distance from the shopper in SQL, or a typed null without a location. */
export function offerDistanceSql(center: LatLng | null): SQL<number | null> {
  return center ? distanceKmSql(businesses.lat, businesses.lng, center) : sql<null>`null::float8`;
}

/**
 * The conditions an offer (joined to its business) must meet to count for a product card: the
 * store asked for, the current price range, in stock when asked, within the radius.
 */
export function offerConditions(
  query: ProductListQuery,
  area: SearchArea | null,
  now: Date,
): SQL[] {
  const price = currentPriceSql(now);
  // Only published stores' offers count (a pending store's never show).
  const conditions: SQL[] = [shopperVisibleSql()];
  if (query.businessId !== undefined) conditions.push(eq(offers.businessId, query.businessId));
  if (query.minPrice !== undefined) conditions.push(gte(price, query.minPrice));
  if (query.maxPrice !== undefined) conditions.push(lte(price, query.maxPrice));
  if (query.inStockOnly) conditions.push(gte(offers.quantity, IN_STOCK_MIN_QUANTITY));
  if (area) {
    conditions.push(withinRadiusSql(businesses.lat, businesses.lng, area.center, area.radiusKm));
  }
  return conditions;
}
