import {
  type CategoryRef,
  type LatLng,
  type Money,
  type Offer,
  type ProductDetail,
} from '@localmart/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { shopperVisibleSql } from '../shared/shopper-visibility.ts';
import { businesses, categories, offers, products } from '../../../db/schema/index.ts';
import { executeRows } from '../search/execute-rows.ts';
import { currentPriceSql, offerColumns, toOffer } from '../shared/offer.ts';
import { productCardColumns } from './product-columns.ts';
import { offerDistanceSql } from './product-filters.ts';

/** The category and its ancestors, root first (Grocery > Dairy & Eggs > Milk). */
async function categoryPathOf(db: Database, productId: string): Promise<CategoryRef[]> {
  const rows = await executeRows<CategoryRef & { depth: number }>(
    db,
    sql`with recursive path(id, slug, name, parent_id, depth) as (
          select c.id, c.slug, c.name, c.parent_id, 0
          from ${categories} as c join ${products} as p on p.category_id = c.id
          where p.id = ${productId}
          union all
          select c.id, c.slug, c.name, c.parent_id, path.depth + 1
          from ${categories} as c join path on c.id = path.parent_id
          -- A bound, in case a bad write ever closes a loop in the tree.
          where path.depth < 16
        )
        select id, slug, name, depth from path order by depth desc`,
  );
  return rows.map(({ id, slug, name }) => ({ id, slug, name }));
}

/** Every store's offer of the product: nearest first when a location is given, else cheapest. */
async function offersOfProduct(
  db: Database,
  productId: string,
  location: LatLng | null,
  now: Date,
): Promise<Offer[]> {
  const price = currentPriceSql(now);
  const distance = offerDistanceSql(location);
  const rows = await db
    .select({ ...offerColumns, distanceKm: distance })
    .from(offers)
    .innerJoin(businesses, eq(businesses.id, offers.businessId))
    .where(and(eq(offers.productId, productId), shopperVisibleSql()))
    .orderBy(...(location ? [sql`${distance} asc`] : []), sql`${price} asc`, offers.id);
  return rows.map((row) => toOffer(row, now, row.distanceKm));
}

function lowestPriceOf(list: readonly Offer[]): Money | null {
  let lowest: Money | null = null;
  for (const offer of list) {
    if (lowest === null || offer.currentPrice.amount < lowest.amount) lowest = offer.currentPrice;
  }
  return lowest;
}

/** details: brand content, category path and every offer; undefined for an unknown product. */
export async function findProductDetail(
  db: Database,
  productId: string,
  location: LatLng | null,
  now: Date,
): Promise<ProductDetail | undefined> {
  const [product] = await db
    .select({
      ...productCardColumns,
      description: products.description,
      attributes: products.attributes,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, productId));
  if (!product) return undefined;
  const [categoryPath, offerList] = await Promise.all([
    categoryPathOf(db, productId),
    offersOfProduct(db, productId, location, now),
  ]);
  return {
    ...product,
    image: product.images[0] ?? null,
    offerCount: offerList.length,
    lowestPrice: lowestPriceOf(offerList),
    categoryPath,
    offers: offerList,
  };
}
