import { randomUUID } from 'node:crypto';
import {
  CATALOG_PRODUCT_RESULTS,
  type CatalogProductHit,
  LOW_STOCK_MAX_QUANTITY,
  type ManagedOffer,
  OFFER_PAGE_SIZE,
  ORDER_STATUS_FILTERS,
  type OfferAdd,
  type OfferPatch,
  type OfferSort,
  type OfferStockCounts,
  type OfferStockFilter,
  type OfferTerms,
  offerPriceProblem,
  offersMessages,
  optionalGtinProblem,
  normalizedGtin,
  type ProductContentStatus,
  type productCreateSchema,
  stockStatus,
  storeProductMessages,
} from '@localmart/contract';
import { type SQL, and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { businesses, categories, offers, products } from '../../../db/schema/index.ts';
import { orderItems, orders } from '../../../db/schema/commerce.ts';
import { HttpError } from '../../../plugins/errors.ts';
import {
  type KeyOrder,
  type Page,
  afterCursorSql,
  keyedPage,
  orderBySql,
} from '../../catalog/shared/keyset-sql.ts';
import { textSearchOf } from '../../catalog/search/text-search.ts';
import { learnSearchWords } from '../../catalog/search/search-terms.ts';
import {
  assertRetailCategory,
  checkAttributes,
  checkedProductImages,
  leaveVariantGroup,
  offerableProductSql,
} from './product-content.ts';

/**
 * A store's offers as Manage Your Store shows and edits them. Every function takes the store's id
 * from the guard and scopes each statement by it, so an offer id of another store is simply not found.
 */

const offerRowColumns = {
  id: offers.id,
  productId: offers.productId,
  title: products.title,
  brand: products.brand,
  gtin: products.gtin,
  images: products.images,
  categoryName: categories.name,
  sku: offers.sku,
  businessId: offers.businessId,
  contentStatus: products.contentStatus,
  ownerBusinessId: products.ownerBusinessId,
  variantOf: products.variantOf,
  variantLabel: products.variantLabel,
  priceAmount: offers.priceAmount,
  currency: offers.currency,
  saleAmount: offers.saleAmount,
  saleStartsAt: offers.saleStartsAt,
  saleEndsAt: offers.saleEndsAt,
  quantity: offers.quantity,
  stockUpdatedAt: offers.stockUpdatedAt,
  pickupMethod: offers.pickupMethod,
  pickupSla: offers.pickupSla,
  // Milliseconds, so the "updated" keyset compares exactly what its cursor carries (see below).
  updatedMs: sql<number>`floor(extract(epoch from ${offers.stockUpdatedAt}) * 1000)::float8`,
} as const;

interface OfferRow {
  id: string;
  productId: string;
  title: string;
  brand: string;
  gtin: string | null;
  images: ManagedOfferImage[];
  categoryName: string;
  sku: string | null;
  businessId: string;
  contentStatus: ProductContentStatus;
  ownerBusinessId: string | null;
  variantOf: string | null;
  variantLabel: string | null;
  priceAmount: number;
  currency: string;
  saleAmount: number | null;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
  quantity: number;
  stockUpdatedAt: Date;
  pickupMethod: string | null;
  pickupSla: string | null;
  updatedMs: number;
}
type ManagedOfferImage = NonNullable<ManagedOffer['image']>;

function toManagedOffer(row: OfferRow): ManagedOffer {
  return {
    id: row.id,
    productId: row.productId,
    title: row.title,
    brand: row.brand,
    gtin: row.gtin,
    image: row.images[0] ?? null,
    categoryName: row.categoryName,
    sku: row.sku,
    contentStatus: row.contentStatus,
    // Only the store that wrote unconfirmed content may change it (only it can offer it, too).
    contentEditable: row.contentStatus === 'store' && row.ownerBusinessId === row.businessId,
    variantOf: row.variantOf,
    variantLabel: row.variantLabel,
    price: { amount: row.priceAmount, currency: row.currency },
    salePrice: row.saleAmount === null ? null : { amount: row.saleAmount, currency: row.currency },
    saleStartsAt: row.saleStartsAt?.toISOString() ?? null,
    saleEndsAt: row.saleEndsAt?.toISOString() ?? null,
    quantity: row.quantity,
    stock: stockStatus(row.quantity),
    stockUpdatedAt: row.stockUpdatedAt.toISOString(),
    pickupMethod: row.pickupMethod,
    pickupSla: row.pickupSla,
  };
}

function offerRows(db: Database) {
  return db
    .select(offerRowColumns)
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId));
}

/** `%` and `_` typed by the owner are literal characters, not LIKE wildcards. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Title or brand containing the text, or a GTIN / SKU starting with it. */
function searchSql(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const contains = `%${likeEscaped(text)}%`;
  const starts = `${likeEscaped(text)}%`;
  return sql`(${products.title} ilike ${contains} or ${products.brand} ilike ${contains}
    or ${products.gtin} like ${starts} or ${offers.sku} ilike ${starts})`;
}

const stockFilterSql: Record<OfferStockFilter, SQL | undefined> = {
  all: undefined,
  low: sql`${offers.quantity} between 1 and ${LOW_STOCK_MAX_QUANTITY}`,
  out: sql`${offers.quantity} <= 0`,
};

const keyOrders: Record<OfferSort, KeyOrder<OfferRow>> = {
  title: {
    name: 'title',
    parts: [
      { expr: products.title, type: 'text', direction: 'asc' },
      { expr: offers.id, type: 'uuid', direction: 'asc' },
    ],
    keyOf: (row) => [row.title, row.id],
  },
  quantity: {
    name: 'quantity',
    parts: [
      { expr: offers.quantity, type: 'int4', direction: 'asc' },
      { expr: offers.id, type: 'uuid', direction: 'asc' },
    ],
    keyOf: (row) => [row.quantity, row.id],
  },
  updated: {
    name: 'updated',
    parts: [
      { expr: offerRowColumns.updatedMs, type: 'float8', direction: 'desc' },
      { expr: offers.id, type: 'uuid', direction: 'asc' },
    ],
    keyOf: (row) => [row.updatedMs, row.id],
  },
};

export async function listStoreOffers(
  db: Database,
  businessId: string,
  query: { q?: string; stock: OfferStockFilter; sort: OfferSort; cursor?: string },
): Promise<Page<ManagedOffer> & { counts: OfferStockCounts }> {
  const order = keyOrders[query.sort];
  const search = searchSql(query.q);
  const rows = await offerRows(db)
    .where(
      and(
        eq(offers.businessId, businessId),
        search,
        stockFilterSql[query.stock],
        query.cursor ? afterCursorSql(order, query.cursor) : undefined,
      ),
    )
    .orderBy(...orderBySql(order))
    .limit(OFFER_PAGE_SIZE + 1);
  const [counts] = await db
    .select({
      all: sql<number>`count(*)::int`,
      low: sql<number>`(count(*) filter (where ${stockFilterSql.low}))::int`,
      out: sql<number>`(count(*) filter (where ${stockFilterSql.out}))::int`,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(and(eq(offers.businessId, businessId), search));
  return {
    ...keyedPage(rows, OFFER_PAGE_SIZE, order, toManagedOffer),
    counts: counts ?? { all: 0, low: 0, out: 0 },
  };
}

export async function findStoreOffer(
  db: Database,
  businessId: string,
  offerId: string,
): Promise<ManagedOffer | null> {
  const [row] = await offerRows(db).where(
    and(eq(offers.id, offerId), eq(offers.businessId, businessId)),
  );
  return row ? toManagedOffer(row) : null;
}

async function requireStoreOffer(db: Database, businessId: string, offerId: string) {
  const offer = await findStoreOffer(db, businessId, offerId);
  if (!offer) throw new HttpError(404, offersMessages.offerNotFound);
  return offer;
}

async function assertSkuFree(
  db: Database,
  businessId: string,
  sku: string | null | undefined,
  exceptOfferId: string | null,
): Promise<void> {
  if (sku === null || sku === undefined) return;
  const [taken] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(
      and(
        eq(offers.businessId, businessId),
        eq(offers.sku, sku),
        exceptOfferId ? ne(offers.id, exceptOfferId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw new HttpError(409, offersMessages.skuTaken);
}

/** PostgreSQL reports a lost unique race as 23505 (a driver error, or wrapped in its `cause`). */
export function uniqueViolationOf(error: unknown): string | null {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Turns a unique race lost to a concurrent write into the same 409 the pre-check gives. */
async function conflictsAsHttp<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const constraint = uniqueViolationOf(error);
    if (constraint === null) throw error;
    if (constraint === 'offers_business_sku_key') throw new HttpError(409, offersMessages.skuTaken);
    if (constraint === 'offers_business_product_key') {
      throw new HttpError(409, offersMessages.alreadyOffered);
    }
    throw error;
  }
}

export async function updateStoreOffer(
  db: Database,
  businessId: string,
  offerId: string,
  patch: OfferPatch,
  now: Date,
): Promise<ManagedOffer> {
  return conflictsAsHttp(() =>
    db.transaction(async (tx) => {
      const current = await requireStoreOffer(tx, businessId, offerId);
      // Ending a sale clears its dates too, unless the same edit sets new ones.
      const saleCleared = patch.salePrice === null;
      const merged = {
        price: patch.price ?? current.price.amount,
        salePrice:
          patch.salePrice === undefined ? (current.salePrice?.amount ?? null) : patch.salePrice,
        saleStartsAt:
          patch.saleStartsAt !== undefined
            ? patch.saleStartsAt
            : saleCleared
              ? null
              : current.saleStartsAt,
        saleEndsAt:
          patch.saleEndsAt !== undefined
            ? patch.saleEndsAt
            : saleCleared
              ? null
              : current.saleEndsAt,
      };
      const problem = offerPriceProblem(merged);
      if (problem) throw new HttpError(400, problem);
      if (patch.sku !== undefined) await assertSkuFree(tx, businessId, patch.sku, offerId);
      const quantityChanged = patch.quantity !== undefined && patch.quantity !== current.quantity;
      await tx
        .update(offers)
        .set({
          priceAmount: merged.price,
          saleAmount: merged.salePrice,
          saleStartsAt: merged.saleStartsAt === null ? null : new Date(merged.saleStartsAt),
          saleEndsAt: merged.saleEndsAt === null ? null : new Date(merged.saleEndsAt),
          ...(patch.quantity !== undefined ? { quantity: patch.quantity } : {}),
          ...(quantityChanged ? { stockUpdatedAt: now } : {}),
          ...(patch.sku !== undefined ? { sku: patch.sku } : {}),
        })
        .where(and(eq(offers.id, offerId), eq(offers.businessId, businessId)));
      return requireStoreOffer(tx, businessId, offerId);
    }),
  );
}

/** Refused while an order that still needs the item (paying, placed, accepted, ready, on its way) holds it. */
export async function removeStoreOffer(
  db: Database,
  businessId: string,
  offerId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const offer = await requireStoreOffer(tx, businessId, offerId);
    const [open] = await tx
      .select({ id: orders.id })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orderItems.offerId, offerId),
          inArray(orders.status, [...ORDER_STATUS_FILTERS.active]),
        ),
      )
      .limit(1);
    if (open) throw new HttpError(409, offersMessages.offerInOpenOrder);
    await leaveVariantGroup(tx, businessId, offer.productId);
    await tx.delete(offers).where(and(eq(offers.id, offerId), eq(offers.businessId, businessId)));
  });
}

async function storeCurrency(db: Database, businessId: string): Promise<string> {
  const [store] = await db
    .select({ currency: businesses.currency })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!store) throw new HttpError(404, offersMessages.offerNotFound);
  return store.currency;
}

/** Inserts the store's offer of a product; the caller has checked the product exists. */
export async function insertOffer(
  tx: Database,
  businessId: string,
  productId: string,
  terms: OfferTerms,
  now: Date,
): Promise<string> {
  const fields = {
    price: terms.price,
    salePrice: terms.salePrice ?? null,
    saleStartsAt: terms.saleStartsAt ?? null,
    saleEndsAt: terms.saleEndsAt ?? null,
  };
  const problem = offerPriceProblem(fields);
  if (problem) throw new HttpError(400, problem);
  const [existing] = await tx
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.businessId, businessId), eq(offers.productId, productId)));
  if (existing) throw new HttpError(409, offersMessages.alreadyOffered);
  await assertSkuFree(tx, businessId, terms.sku, null);
  const [inserted] = await tx
    .insert(offers)
    .values({
      businessId,
      productId,
      priceAmount: fields.price,
      currency: await storeCurrency(tx, businessId),
      saleAmount: fields.salePrice,
      saleStartsAt: fields.saleStartsAt === null ? null : new Date(fields.saleStartsAt),
      saleEndsAt: fields.saleEndsAt === null ? null : new Date(fields.saleEndsAt),
      quantity: terms.quantity,
      stockUpdatedAt: now,
      sku: terms.sku ?? null,
    })
    .returning({ id: offers.id });
  return inserted!.id;
}

export async function addStoreOffer(
  db: Database,
  businessId: string,
  input: OfferAdd,
  now: Date,
): Promise<ManagedOffer> {
  return conflictsAsHttp(() =>
    db.transaction(async (tx) => {
      // Another store's unconfirmed content is not in this store's catalogue (ADR 0020).
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, input.productId), offerableProductSql(businessId)));
      if (!product) throw new HttpError(404, offersMessages.productNotFound);
      const offerId = await insertOffer(tx, businessId, product.id, input, now);
      return requireStoreOffer(tx, businessId, offerId);
    }),
  );
}

/** Shared catalogue products by title/brand (full-text, typo-tolerant) or GTIN, with the store's offer. */
export async function searchCatalogProducts(
  db: Database,
  businessId: string,
  q: string,
): Promise<CatalogProductHit[]> {
  const digits = q.replace(/\s+/g, '');
  const byGtin = /^\d{6,14}$/.test(digits);
  const text = byGtin ? null : await textSearchOf(db, q);
  if (!byGtin && !text) return [];
  const match = byGtin
    ? sql`${products.gtin} like ${`${digits}%`}`
    : sql`${products.search} @@ ${text!.tsquery}`;
  const rank = byGtin
    ? sql`length(${products.gtin})`
    : sql`ts_rank(${products.search}, ${text!.tsquery}) desc`;
  const rows = await db
    .select({
      id: products.id,
      title: products.title,
      brand: products.brand,
      gtin: products.gtin,
      images: products.images,
      categoryName: categories.name,
      offerId: offers.id,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(offers, and(eq(offers.productId, products.id), eq(offers.businessId, businessId)))
    .where(and(match, offerableProductSql(businessId)))
    .orderBy(rank, products.title, products.id)
    .limit(CATALOG_PRODUCT_RESULTS);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    brand: row.brand,
    gtin: row.gtin,
    image: row.images[0] ?? null,
    categoryName: row.categoryName,
    offerId: row.offerId,
  }));
}

/** A GTIN already in the catalogue: the 409 carries the product's id so the UI can offer it instead. */
export class GtinTakenError extends HttpError {
  constructor(readonly productId: string) {
    super(409, offersMessages.gtinTaken);
  }
}

/** Unique: the GTIN when there is one (unique among what this store sees), else a random tail. */
function slugOf(brand: string, title: string, gtin: string | null): string {
  const words = `${brand} ${title}`
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90)
    .replace(/-+$/g, '');
  const tail = gtin ?? randomUUID().replace(/-/g, '').slice(0, 12);
  return words ? `${words}-${tail}` : tail;
}

/**
 * A new product and this store's offer of it, both or neither (ADR 0020). Its content is the
 * store's own ('store'): shown only with this store's offer until an admin confirms it. Without a
 * barcode it is a store's own product, named by the offer's SKU; with one, only an approved store
 * may describe a barcode the shared catalogue does not have yet. Photos are only our own media.
 */
export async function createProductWithOffer(
  db: Database,
  businessId: string,
  input: z.output<typeof productCreateSchema>,
  now: Date,
): Promise<{ offer: ManagedOffer; message: string }> {
  const gtinProblem = optionalGtinProblem(input.gtin);
  if (gtinProblem) throw new HttpError(400, gtinProblem);
  const gtin = normalizedGtin(input.gtin);
  if (gtin === null && !input.offer.sku) {
    throw new HttpError(400, storeProductMessages.ownProductNeedsSku);
  }
  return conflictsAsHttp(() =>
    db.transaction(async (tx) => {
      const [store] = await tx
        .select({ status: businesses.status, name: businesses.name })
        .from(businesses)
        .where(eq(businesses.id, businessId));
      if (!store) throw new HttpError(404, offersMessages.offerNotFound);
      if (gtin !== null) {
        if (store.status !== 'published') {
          throw new HttpError(403, storeProductMessages.pendingStoreNoBarcode);
        }
        const [existing] = await tx
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.gtin, gtin), offerableProductSql(businessId)))
          .orderBy(sql`${products.contentStatus} = 'confirmed' desc`, products.createdAt)
          .limit(1);
        if (existing) throw new GtinTakenError(existing.id);
      }
      await assertRetailCategory(tx, input.categoryId);
      checkAttributes(input);
      const images = await checkedProductImages(tx, businessId, input.images);
      const brand = input.brand || store.name;
      const [product] = await tx
        .insert(products)
        .values({
          slug: slugOf(brand, input.title, gtin),
          title: input.title,
          brand,
          gtin,
          description: input.description,
          categoryId: input.categoryId,
          images,
          attributes: input.attributes,
          contentStatus: 'store',
          ownerBusinessId: businessId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: products.id });
      const offerId = await insertOffer(tx, businessId, product!.id, input.offer, now);
      await learnSearchWords(tx, `${input.title} ${brand}`);
      return {
        offer: await requireStoreOffer(tx, businessId, offerId),
        message:
          store.status === 'published'
            ? offersMessages.productCreated
            : offersMessages.ownProductCreated,
      };
    }),
  );
}
