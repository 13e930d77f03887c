import {
  type Favourite,
  type FavouriteIds,
  type FavouriteKind,
  type FavouriteList,
  FAVOURITES_MAX,
  IN_STOCK_MIN_QUANTITY,
  listsMessages,
} from '@localmart/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { businesses, menuItems, offers, products } from '../../db/schema/catalog.ts';
import { favourites } from '../../db/schema/lists.ts';
import { HttpError } from '../../plugins/errors.ts';
import { shopperVisibleSql } from '../catalog/shared/shopper-visibility.ts';
import { currentPriceSql } from '../catalog/shared/offer.ts';
import { watchProductOffers } from './follow.ts';
import { businessLink, dishLink, productLink } from './links.ts';

const TARGET_COLUMN = {
  store: 'businessId',
  product: 'productId',
  dish: 'menuItemId',
} as const satisfies Record<FavouriteKind, keyof typeof favourites.$inferInsert>;

/** Whether the shopper may see (and so favourite) the target: a published store's, an existing product. */
async function targetExists(db: Database, kind: FavouriteKind, targetId: string): Promise<boolean> {
  if (kind === 'product') {
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, targetId));
    return Boolean(row);
  }
  if (kind === 'store') {
    const [row] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(eq(businesses.id, targetId), shopperVisibleSql()));
    return Boolean(row);
  }
  const [row] = await db
    .select({ id: menuItems.id })
    .from(menuItems)
    .innerJoin(businesses, eq(businesses.id, menuItems.businessId))
    .where(and(eq(menuItems.id, targetId), shopperVisibleSql()));
  return Boolean(row);
}

/**
 * Adds a favourite (idempotent: a second heart is the same favourite). A product's offers start
 * being watched for deal alerts. One transaction, under a per-shopper lock so two taps at once
 * cannot pass the limit together.
 */
export async function addFavourite(
  db: Database,
  userId: string,
  kind: FavouriteKind,
  targetId: string,
  now: Date,
): Promise<{ added: boolean }> {
  return db.transaction(async (tx) => {
    if (!(await targetExists(tx, kind, targetId))) {
      throw new HttpError(404, listsMessages.favouriteTargetMissing(kind));
    }
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('favourites'), hashtext(${userId}))`,
    );
    const [held] = await tx
      .select({ n: count() })
      .from(favourites)
      .where(eq(favourites.userId, userId));
    const [existing] = await tx
      .select({ id: favourites.id })
      .from(favourites)
      .where(
        and(
          eq(favourites.userId, userId),
          eq(favourites.kind, kind),
          eq(favourites[TARGET_COLUMN[kind]], targetId),
        ),
      );
    if (existing) return { added: false };
    if ((held?.n ?? 0) >= FAVOURITES_MAX) throw new HttpError(409, listsMessages.tooManyFavourites);
    await tx
      .insert(favourites)
      .values({ userId, kind, [TARGET_COLUMN[kind]]: targetId, createdAt: now })
      .onConflictDoNothing();
    if (kind === 'product') await watchProductOffers(tx, targetId, now);
    return { added: true };
  });
}

/** Removes a favourite; false when it was not one. */
export async function removeFavourite(
  db: Database,
  userId: string,
  kind: FavouriteKind,
  targetId: string,
): Promise<boolean> {
  const rows = await db
    .delete(favourites)
    .where(
      and(
        eq(favourites.userId, userId),
        eq(favourites.kind, kind),
        eq(favourites[TARGET_COLUMN[kind]], targetId),
      ),
    )
    .returning({ id: favourites.id });
  return rows.length > 0;
}

export async function favouriteIds(db: Database, userId: string): Promise<FavouriteIds> {
  const rows = await db
    .select({
      kind: favourites.kind,
      businessId: favourites.businessId,
      productId: favourites.productId,
      menuItemId: favourites.menuItemId,
    })
    .from(favourites)
    .where(eq(favourites.userId, userId));
  const ids: FavouriteIds = { store: [], product: [], dish: [] };
  for (const row of rows) {
    const id = row.businessId ?? row.productId ?? row.menuItemId;
    if (id) ids[row.kind].push(id);
  }
  return ids;
}

/**
 * The Favourites page: each kind newest first, with what it shows now (a product's lowest in-stock
 * price, a dish's price). A store no longer shown to shoppers drops out of the list (its heart
 * stays, so it comes back if the store does).
 */
export async function listFavourites(
  db: Database,
  userId: string,
  now: Date,
): Promise<FavouriteList> {
  const storeRows = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      kind: businesses.kind,
      addressLine: businesses.addressLine,
      logo: businesses.logo,
      createdAt: favourites.createdAt,
    })
    .from(favourites)
    .innerJoin(businesses, eq(businesses.id, favourites.businessId))
    .where(and(eq(favourites.userId, userId), eq(favourites.kind, 'store'), shopperVisibleSql()))
    .orderBy(desc(favourites.createdAt));
  const price = currentPriceSql(now);
  const productRows = await db
    .select({
      id: products.id,
      title: products.title,
      brand: products.brand,
      images: products.images,
      createdAt: favourites.createdAt,
      lowest: sql<number | null>`(select min(${price}) from ${offers}
        join ${businesses} on ${businesses.id} = ${offers.businessId}
        where ${offers.productId} = ${products.id} and ${offers.quantity} >= ${IN_STOCK_MIN_QUANTITY}
          and ${shopperVisibleSql()})`,
      currency: sql<string | null>`(select ${offers.currency} from ${offers}
        where ${offers.productId} = ${products.id} limit 1)`,
    })
    .from(favourites)
    .innerJoin(products, eq(products.id, favourites.productId))
    .where(and(eq(favourites.userId, userId), eq(favourites.kind, 'product')))
    .orderBy(desc(favourites.createdAt));
  const dishRows = await db
    .select({
      id: menuItems.id,
      name: menuItems.name,
      image: menuItems.image,
      priceAmount: menuItems.priceAmount,
      currency: menuItems.currency,
      menuId: menuItems.menuId,
      businessId: menuItems.businessId,
      storeName: businesses.name,
      createdAt: favourites.createdAt,
    })
    .from(favourites)
    .innerJoin(menuItems, eq(menuItems.id, favourites.menuItemId))
    .innerJoin(businesses, eq(businesses.id, menuItems.businessId))
    .where(and(eq(favourites.userId, userId), eq(favourites.kind, 'dish'), shopperVisibleSql()))
    .orderBy(desc(favourites.createdAt));

  const stores: Favourite[] = storeRows.map((row) => ({
    kind: 'store',
    targetId: row.id,
    title: row.name,
    subtitle: row.addressLine,
    image: row.logo,
    price: null,
    link: businessLink(row.id, row.kind),
    createdAt: row.createdAt.toISOString(),
  }));
  const productsOut: Favourite[] = productRows.map((row) => ({
    kind: 'product',
    targetId: row.id,
    title: row.title,
    subtitle: row.brand,
    image: row.images[0] ?? null,
    price:
      row.lowest === null || row.currency === null
        ? null
        : { amount: Number(row.lowest), currency: row.currency },
    link: productLink(row.id),
    createdAt: row.createdAt.toISOString(),
  }));
  const dishes: Favourite[] = dishRows.map((row) => ({
    kind: 'dish',
    targetId: row.id,
    title: row.name,
    subtitle: row.storeName,
    image: row.image ?? null,
    price: { amount: row.priceAmount, currency: row.currency },
    link: dishLink(row.businessId, row.menuId, row.id),
    createdAt: row.createdAt.toISOString(),
  }));
  return { stores, products: productsOut, dishes };
}
