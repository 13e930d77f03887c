import type { FoodItemListQuery, FoodItemSummary } from '@localmart/contract';
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { businesses, menuItems } from '../../../db/schema/index.ts';
import { shopperVisibleSql } from '../shared/shopper-visibility.ts';
import { businessRefColumns, roundKm, toBusinessRef } from '../shared/business-ref.ts';
import { distanceKmSql, withinRadiusSql } from '../shared/geo-sql.ts';
import { catalogOrder } from '../shared/catalog-order.ts';
import { afterCursorSql, keyedPage, orderBySql, type Page } from '../shared/keyset-sql.ts';
import { textSearchSql } from '../shared/text-search-sql.ts';

/** food-items: dishes across nearby restaurants, searchable and keyset-paginated. */

export async function listFoodItems(
  db: Database,
  query: FoodItemListQuery,
  now: Date,
): Promise<Page<FoodItemSummary>> {
  const here =
    query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;
  const search =
    query.q === undefined
      ? null
      : textSearchSql(menuItems, menuItems.search, menuItems.name, query.q);
  const distance = here ? distanceKmSql(businesses.lat, businesses.lng, here) : null;
  const order = catalogOrder(
    query.sort,
    { id: menuItems.id, name: menuItems.name, price: menuItems.priceAmount },
    search?.score ?? null,
    distance,
  );

  const filters: SQL[] = [shopperVisibleSql()];
  if (search) filters.push(search.where);
  if (here) filters.push(withinRadiusSql(businesses.lat, businesses.lng, here, query.radiusKm));
  if (query.dietary) filters.push(sql`${query.dietary} = any(${menuItems.dietaryTags})`);
  if (query.businessId) filters.push(eq(menuItems.businessId, query.businessId));
  if (query.minPrice !== undefined) filters.push(gte(menuItems.priceAmount, query.minPrice));
  if (query.maxPrice !== undefined) filters.push(lte(menuItems.priceAmount, query.maxPrice));
  if (query.cursor) filters.push(afterCursorSql(order, query.cursor));

  const rows = await db
    .select({
      id: menuItems.id,
      menuId: menuItems.menuId,
      name: menuItems.name,
      description: menuItems.description,
      priceAmount: menuItems.priceAmount,
      currency: menuItems.currency,
      image: menuItems.image,
      dietaryTags: menuItems.dietaryTags,
      available: menuItems.available,
      business: businessRefColumns,
      distanceKm: distance ?? sql<null>`null`,
      score: search?.score ?? sql<null>`null`,
    })
    .from(menuItems)
    .innerJoin(businesses, eq(businesses.id, menuItems.businessId))
    .where(and(...filters))
    .orderBy(...orderBySql(order))
    .limit(query.limit + 1);

  return keyedPage(rows, query.limit, order, (row) => ({
    id: row.id,
    menuId: row.menuId,
    name: row.name,
    description: row.description,
    price: { amount: row.priceAmount, currency: row.currency },
    image: row.image,
    dietaryTags: row.dietaryTags,
    available: row.available,
    business: toBusinessRef(row.business, now),
    distanceKm: roundKm(row.distanceKm),
  }));
}
