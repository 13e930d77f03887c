import {
  type AddListItemRequest,
  IN_STOCK_MIN_QUANTITY,
  type LatLng,
  type ListAvailability,
  type ListItem,
  LIST_ITEMS_MAX,
  LIST_SEARCH_RADIUS_KM,
  listsMessages,
  type ShoppingList,
  type UpdateListItemRequest,
} from '@localmart/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  businesses,
  flyerItems,
  flyerPages,
  flyers,
  menuItems,
  offers,
  products,
} from '../../db/schema/catalog.ts';
import { shoppingListItems } from '../../db/schema/lists.ts';
import { HttpError } from '../../plugins/errors.ts';
import { executeRows } from '../catalog/search/execute-rows.ts';
import { distanceKmSql, withinRadiusSql } from '../catalog/shared/geo-sql.ts';
import { currentPriceSql } from '../catalog/shared/offer.ts';
import { shopperVisibleSql } from '../catalog/shared/shopper-visibility.ts';
import { watchProductOffers } from './follow.ts';
import { dishLink, flyerLink, productLink } from './links.ts';

/** The store's calendar day now, in SQL (flyer dates are the store's local days). */
const storeTodaySql = (now: Date) =>
  sql`(${now.toISOString()}::timestamptz at time zone (${businesses.hours}->>'timeZone'))::date`;

interface NewItem {
  source: ListItem['source'];
  title: string;
  productId: string | null;
  menuItemId: string | null;
  flyerItemId: string | null;
}

/** What the request names, checked: a product, a dish a published store offers, a current flyer deal. */
async function resolveTarget(
  db: Database,
  request: AddListItemRequest,
  now: Date,
): Promise<NewItem> {
  const named = [request.productId, request.menuItemId, request.flyerItemId].filter(
    (value) => value !== undefined,
  );
  if (named.length !== 1) throw new HttpError(400, listsMessages.pickOneItem);
  if (request.productId) {
    const [row] = await db
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(eq(products.id, request.productId));
    if (!row) throw new HttpError(404, listsMessages.itemTargetMissing);
    return {
      source: 'product',
      title: row.title,
      productId: row.id,
      menuItemId: null,
      flyerItemId: null,
    };
  }
  if (request.menuItemId) {
    const [row] = await db
      .select({ id: menuItems.id, name: menuItems.name })
      .from(menuItems)
      .innerJoin(businesses, eq(businesses.id, menuItems.businessId))
      .where(and(eq(menuItems.id, request.menuItemId), shopperVisibleSql()));
    if (!row) throw new HttpError(404, listsMessages.itemTargetMissing);
    return {
      source: 'dish',
      title: row.name,
      productId: null,
      menuItemId: row.id,
      flyerItemId: null,
    };
  }
  const [row] = await db
    .select({
      id: flyerItems.id,
      title: flyerItems.title,
      productId: flyerItems.productId,
      current: sql<boolean>`${flyerItems.validTo} >= ${storeTodaySql(now)}`,
    })
    .from(flyerItems)
    .innerJoin(flyerPages, eq(flyerPages.id, flyerItems.pageId))
    .innerJoin(flyers, eq(flyers.id, flyerPages.flyerId))
    .innerJoin(businesses, eq(businesses.id, flyers.businessId))
    .where(and(eq(flyerItems.id, request.flyerItemId!), shopperVisibleSql()));
  if (!row) throw new HttpError(404, listsMessages.itemTargetMissing);
  if (!row.current) throw new HttpError(409, listsMessages.flyerDealEnded);
  return {
    source: 'flyer',
    title: row.title,
    productId: row.productId,
    menuItemId: null,
    flyerItemId: row.id,
  };
}

/**
 * Adds an item to the list, or answers the one already there (same product, dish or flyer deal,
 * not yet checked off). A product's offers start being watched for deal alerts. One transaction,
 * under a per-shopper lock so two adds at once cannot pass the limit or double an item.
 */
export async function addListItem(
  db: Database,
  userId: string,
  request: AddListItemRequest,
  now: Date,
): Promise<{ id: string; added: boolean }> {
  return db.transaction(async (tx) => {
    const item = await resolveTarget(tx, request, now);
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('shopping_list'), hashtext(${userId}))`,
    );
    const sameTarget =
      item.source === 'flyer'
        ? eq(shoppingListItems.flyerItemId, item.flyerItemId!)
        : item.source === 'dish'
          ? eq(shoppingListItems.menuItemId, item.menuItemId!)
          : and(
              eq(shoppingListItems.productId, item.productId!),
              eq(shoppingListItems.source, 'product'),
            );
    const [existing] = await tx
      .select({ id: shoppingListItems.id })
      .from(shoppingListItems)
      .where(
        and(eq(shoppingListItems.userId, userId), eq(shoppingListItems.checked, false), sameTarget),
      );
    if (existing) return { id: existing.id, added: false };
    const [held] = await tx
      .select({ n: count() })
      .from(shoppingListItems)
      .where(eq(shoppingListItems.userId, userId));
    if ((held?.n ?? 0) >= LIST_ITEMS_MAX) throw new HttpError(409, listsMessages.tooManyItems);
    const [row] = await tx
      .insert(shoppingListItems)
      .values({ userId, ...item, quantity: request.quantity ?? 1, createdAt: now })
      .returning({ id: shoppingListItems.id });
    if (item.productId) await watchProductOffers(tx, item.productId, now);
    return { id: row!.id, added: true };
  });
}

export async function updateListItem(
  db: Database,
  userId: string,
  itemId: string,
  request: UpdateListItemRequest,
): Promise<boolean> {
  if (request.checked === undefined && request.quantity === undefined) {
    throw new HttpError(400, listsMessages.nothingToChange);
  }
  const rows = await db
    .update(shoppingListItems)
    .set({
      ...(request.checked !== undefined ? { checked: request.checked } : {}),
      ...(request.quantity !== undefined ? { quantity: request.quantity } : {}),
    })
    .where(and(eq(shoppingListItems.id, itemId), eq(shoppingListItems.userId, userId)))
    .returning({ id: shoppingListItems.id });
  return rows.length > 0;
}

export async function removeListItem(
  db: Database,
  userId: string,
  itemId: string,
): Promise<boolean> {
  const rows = await db
    .delete(shoppingListItems)
    .where(and(eq(shoppingListItems.id, itemId), eq(shoppingListItems.userId, userId)))
    .returning({ id: shoppingListItems.id });
  return rows.length > 0;
}

interface AvailabilityRow {
  product_id: string;
  business_id: string;
  store_name: string;
  price: number;
  currency: string;
  distance_km: number | null;
}

function toAvailability(row: AvailabilityRow | undefined): ListAvailability | null {
  if (!row) return null;
  return {
    businessId: row.business_id,
    storeName: row.store_name,
    price: { amount: Number(row.price), currency: row.currency },
    distanceKm: row.distance_km === null ? null : Math.round(Number(row.distance_km) * 10) / 10,
    link: productLink(row.product_id),
  };
}

/**
 * Where each product is in stock now, among published stores (within LIST_SEARCH_RADIUS_KM of the
 * shopper when their location is known): the nearest such store, and the cheapest (nearest of
 * equal prices). Two DISTINCT ON reads over the products' offers (offers_product_idx).
 */
async function productAvailability(
  db: Database,
  productIds: readonly string[],
  location: LatLng | null,
  now: Date,
) {
  const nearest = new Map<string, ListAvailability>();
  const cheapest = new Map<string, ListAvailability>();
  if (productIds.length === 0) return { nearest, cheapest };
  const price = currentPriceSql(now);
  const distance = location
    ? distanceKmSql(businesses.lat, businesses.lng, location)
    : sql`null::float8`;
  const where = sql`${offers.productId} in (${sql.join(
    productIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}) and ${offers.quantity} >= ${IN_STOCK_MIN_QUANTITY} and ${shopperVisibleSql()}${
    location
      ? sql` and ${withinRadiusSql(businesses.lat, businesses.lng, location, LIST_SEARCH_RADIUS_KM)}`
      : sql``
  }`;
  const select = sql`select distinct on (${offers.productId}) ${offers.productId} as product_id,
      ${businesses.id} as business_id, ${businesses.name} as store_name, ${price} as price,
      ${offers.currency} as currency, ${distance} as distance_km
    from ${offers} join ${businesses} on ${businesses.id} = ${offers.businessId}
    where ${where}`;
  if (location) {
    const rows = await executeRows<AvailabilityRow>(
      db,
      sql`${select} order by ${offers.productId}, ${distance} asc, ${price} asc, ${offers.id}`,
    );
    for (const row of rows) nearest.set(row.product_id, toAvailability(row)!);
  }
  const rows = await executeRows<AvailabilityRow>(
    db,
    sql`${select} order by ${offers.productId}, ${price} asc${
      location ? sql`, ${distance} asc` : sql``
    }, ${offers.id}`,
  );
  for (const row of rows) cheapest.set(row.product_id, toAvailability(row)!);
  return { nearest, cheapest };
}

/**
 * The list, unchecked items first then checked, each oldest first; every item with where it is in
 * stock nearest and cheapest now. A dish is at its restaurant (when it is available there).
 */
export async function getShoppingList(
  db: Database,
  userId: string,
  location: LatLng | null,
  now: Date,
): Promise<ShoppingList> {
  const rows = await db
    .select({
      id: shoppingListItems.id,
      source: shoppingListItems.source,
      title: shoppingListItems.title,
      quantity: shoppingListItems.quantity,
      checked: shoppingListItems.checked,
      productId: shoppingListItems.productId,
      menuItemId: shoppingListItems.menuItemId,
      flyerItemId: shoppingListItems.flyerItemId,
      createdAt: shoppingListItems.createdAt,
      productImages: products.images,
    })
    .from(shoppingListItems)
    .leftJoin(products, eq(products.id, shoppingListItems.productId))
    .where(eq(shoppingListItems.userId, userId))
    .orderBy(
      asc(shoppingListItems.checked),
      asc(shoppingListItems.createdAt),
      asc(shoppingListItems.id),
    );

  const productIds = [...new Set(rows.flatMap((row) => (row.productId ? [row.productId] : [])))];
  const { nearest, cheapest } = await productAvailability(db, productIds, location, now);

  const dishIds = rows.flatMap((row) => (row.menuItemId ? [row.menuItemId] : []));
  const dishes = new Map(
    (dishIds.length === 0
      ? []
      : await db
          .select({
            id: menuItems.id,
            menuId: menuItems.menuId,
            businessId: menuItems.businessId,
            storeName: businesses.name,
            image: menuItems.image,
            available: menuItems.available,
            priceAmount: menuItems.priceAmount,
            currency: menuItems.currency,
            distanceKm: location
              ? distanceKmSql(businesses.lat, businesses.lng, location)
              : sql<null>`null::float8`,
          })
          .from(menuItems)
          .innerJoin(businesses, eq(businesses.id, menuItems.businessId))
          .where(and(inArray(menuItems.id, dishIds), shopperVisibleSql()))
    ).map((dish) => [dish.id, dish]),
  );

  const flyerItemIds = rows.flatMap((row) => (row.flyerItemId ? [row.flyerItemId] : []));
  const deals = new Map(
    (flyerItemIds.length === 0
      ? []
      : await db
          .select({
            id: flyerItems.id,
            flyerId: flyers.id,
            storeName: businesses.name,
            priceText: flyerItems.priceText,
            saleStory: flyerItems.saleStory,
            validTo: flyerItems.validTo,
            current: sql<boolean>`${flyerItems.validTo} >= ${storeTodaySql(now)}`,
          })
          .from(flyerItems)
          .innerJoin(flyerPages, eq(flyerPages.id, flyerItems.pageId))
          .innerJoin(flyers, eq(flyers.id, flyerPages.flyerId))
          .innerJoin(businesses, eq(businesses.id, flyers.businessId))
          .where(inArray(flyerItems.id, flyerItemIds))
    ).map((deal) => [deal.id, deal]),
  );

  const items: ListItem[] = rows.map((row) => {
    const dish = row.menuItemId ? dishes.get(row.menuItemId) : undefined;
    const deal = row.flyerItemId ? deals.get(row.flyerItemId) : undefined;
    const dishThere: ListAvailability | null =
      dish && dish.available
        ? {
            businessId: dish.businessId,
            storeName: dish.storeName,
            price: { amount: dish.priceAmount, currency: dish.currency },
            distanceKm:
              dish.distanceKm === null ? null : Math.round(Number(dish.distanceKm) * 10) / 10,
            link: dishLink(dish.businessId, dish.menuId, dish.id),
          }
        : null;
    const link = row.productId
      ? productLink(row.productId)
      : dish
        ? dishLink(dish.businessId, dish.menuId, dish.id)
        : deal
          ? flyerLink(deal.flyerId)
          : '/list';
    return {
      id: row.id,
      source: row.source,
      title: row.title,
      image: row.productImages?.[0] ?? dish?.image ?? null,
      quantity: row.quantity,
      checked: row.checked,
      productId: row.productId,
      menuItemId: row.menuItemId,
      deal: deal
        ? {
            flyerId: deal.flyerId,
            flyerItemId: deal.id,
            storeName: deal.storeName,
            priceText: deal.priceText,
            saleStory: deal.saleStory,
            validTo: deal.validTo,
            current: Boolean(deal.current),
          }
        : null,
      nearest: row.productId ? (nearest.get(row.productId) ?? null) : dishThere,
      cheapest: row.productId ? (cheapest.get(row.productId) ?? null) : dishThere,
      link,
      createdAt: row.createdAt.toISOString(),
    };
  });
  return { items };
}

/** The list item as the list shows it (after an add or a change). */
export async function findListItem(
  db: Database,
  userId: string,
  itemId: string,
  location: LatLng | null,
  now: Date,
): Promise<ListItem | null> {
  const list = await getShoppingList(db, userId, location, now);
  return list.items.find((item) => item.id === itemId) ?? null;
}
