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

/** Whether the offer counts as in stock (the card's "In stock" / "Low stock"). */
export function offerInStockSql(): SQL<boolean> {
  return sql<boolean>`(${offers.quantity} >= ${IN_STOCK_MIN_QUANTITY})`;
}

/**
 * The offer a product card shows (issue 17, "cards tell the truth"), as an ORDER BY over a
 * product's passing offers: in stock first, then the cheapest now, then the nearest, then the id.
 * Its price is the card's "from" price and its store the one the card names, so a card never shows
 * an out-of-stock store's price beside an in-stock store; with no offer in stock it is the cheapest
 * overall, worded "Out of stock". The list's orders read the same offer (shownPriceSql,
 * shownDistanceSql).
 */
export function shownOfferOrderSql(center: LatLng | null, now: Date): SQL[] {
  return [
    sql`${offerInStockSql()} desc`,
    sql`${currentPriceSql(now)} asc`,
    ...(center ? [sql`${offerDistanceSql(center)} asc`] : []),
    sql`${offers.id} asc`,
  ];
}

/** The shown offer's current price, as an aggregate over a product's passing offers. */
export function shownPriceSql(now: Date): SQL<number> {
  const price = currentPriceSql(now);
  return sql<number>`coalesce(min(${price}) filter (where ${offerInStockSql()}), min(${price}))`;
}

/** The shown offer's distance, as an aggregate over a product's passing offers; null without a location. */
export function shownDistanceSql(center: LatLng | null, now: Date): SQL<number | null> {
  if (!center) return sql<null>`null::float8`;
  return sql<number>`(array_agg(${offerDistanceSql(center)} order by ${sql.join(
    shownOfferOrderSql(center, now),
    sql`, `,
  )}))[1]`;
}
