import {
  type CategoryRef,
  type LatLng,
  type Money,
  type Offer,
  type ProductDetail,
  type ProductVariant,
} from '@localmart/contract';
import { aggregatesOf, ratingFrom } from '../../reviews/reviews.service.ts';
import { and, asc, eq, or, sql } from 'drizzle-orm';
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

/**
 * The sizes of a store's own product (ADR 0020): its group's members, main product first, each with
 * its store's offer a shopper may see. Empty unless at least two sizes are on sale, so a product
 * whose other sizes were removed reads as one product.
 */
async function variantsOf(
  db: Database,
  product: { id: string; variantOf: string | null; variantLabel: string | null },
  location: LatLng | null,
  now: Date,
): Promise<ProductVariant[]> {
  if (product.variantLabel === null) return [];
  const groupId = product.variantOf ?? product.id;
  const members = await db
    .select({
      id: products.id,
      slug: products.slug,
      title: products.title,
      label: products.variantLabel,
      attributes: products.attributes,
    })
    .from(products)
    .where(
      and(
        or(eq(products.id, groupId), eq(products.variantOf, groupId)),
        sql`${products.variantLabel} is not null`,
      ),
    )
    .orderBy(sql`${products.variantOf} is null desc`, asc(products.createdAt), asc(products.id));
  // A group holds a handful of sizes: one offer read each.
  const withOffers = await Promise.all(
    members.map(async (member) => ({
      id: member.id,
      slug: member.slug,
      title: member.title,
      label: member.label ?? '',
      attributes: member.attributes,
      offer: (await offersOfProduct(db, member.id, location, now))[0] ?? null,
    })),
  );
  const sold = withOffers.filter((member) => member.offer !== null || member.id === product.id);
  return sold.length > 1 ? sold : [];
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
      contentStatus: products.contentStatus,
      variantOf: products.variantOf,
      variantLabel: products.variantLabel,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, productId));
  if (!product) return undefined;
  const [categoryPath, offerList, ratings, variants] = await Promise.all([
    categoryPathOf(db, productId),
    offersOfProduct(db, productId, location, now),
    aggregatesOf(db, 'product', [productId]),
    variantsOf(db, product, location, now),
  ]);
  // A store's unconfirmed content exists only beside that store's offer (ADR 0020): while its store
  // is under review, or once it stops selling it, the page is not there.
  const { contentStatus, variantOf: _variantOf, variantLabel: _variantLabel, ...shown } = product;
  if (contentStatus === 'store' && offerList.length === 0) return undefined;
  return {
    ...shown,
    image: product.images[0] ?? null,
    offerCount: offerList.length,
    lowestPrice: lowestPriceOf(offerList),
    categoryPath,
    offers: offerList,
    rating: ratingFrom(ratings.get(productId)),
    variants,
  };
}
