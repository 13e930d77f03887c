import {
  brandMessages,
  type ImageRef,
  offersMessages,
  PRODUCT_ATTRIBUTES_MAX,
  type ProductContent,
  type StoreProduct,
  type StoreVariant,
  storeProductMessages,
  variantMessages,
} from '@localmart/contract';
import { type SQL, and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { businesses, categories, offers, products } from '../../../db/schema/index.ts';
import { businessMembers } from '../../../db/schema/manage.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { brandNameOfProduct } from '../../brands/brands.service.ts';
import { learnSearchWords } from '../../catalog/search/search-terms.ts';
import { checkedUploadedImages } from '../../media/uploaded-images.ts';

/**
 * Product content a store writes (ADR 0020). A product is either shared catalogue content
 * ('confirmed') or one store's ('store', `ownerBusinessId`): the latter is offered by that store
 * only, found in no other store's catalogue search or feed match, and edited by that store only,
 * until a platform admin confirms it. Images are only our own media.
 */

/**
 * SQL: a product this store may offer and find: shared catalogue content, or content it wrote
 * itself. Another store's unconfirmed content is invisible to it, so it cannot be spread by
 * importing its barcode. The inventory feed's GTIN match uses the same predicate.
 */
export function offerableProductSql(businessId: string): SQL {
  return or(eq(products.contentStatus, 'confirmed'), eq(products.ownerBusinessId, businessId))!;
}

/** The raw-SQL twin of offerableProductSql for statements written as text (`p` = products alias). */
export function offerableProductRawSql(alias: string, businessId: string): SQL {
  const p = sql.raw(alias);
  return sql`(${p}.content_status = 'confirmed' or ${p}.owner_business_id = ${businessId})`;
}

/**
 * The photos a store may save on a product: each one already on the product (demo images stay as
 * they are), or an image a member of this store uploaded to our media store. Anything else (a
 * picture on another site, someone else's upload, a made-up id) is refused in the retailer's words,
 * and the size comes from the stored bytes, not from what the form claims.
 */
export function checkedProductImages(
  db: Database,
  businessId: string,
  images: readonly ImageRef[],
  alreadyOnProduct: readonly ImageRef[] = [],
): Promise<ImageRef[]> {
  return checkedUploadedImages(db, images, alreadyOnProduct, {
    uploaderIds: db
      .select({ id: businessMembers.userId })
      .from(businessMembers)
      .where(eq(businessMembers.businessId, businessId)),
    fromElsewhere: storeProductMessages.imageFromElsewhere,
  });
}

export async function assertRetailCategory(db: Database, categoryId: string): Promise<void> {
  const [category] = await db
    .select({ kind: categories.kind })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (category?.kind !== 'retail') throw new HttpError(400, offersMessages.categoryNotRetail);
}

/** The brand a store's content names: what it typed, else the store's own name. */
export async function brandOrStoreName(
  db: Database,
  businessId: string,
  brand: string,
): Promise<string> {
  if (brand) return brand;
  const [store] = await db
    .select({ name: businesses.name })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return store?.name ?? '';
}

export function checkAttributes(content: Pick<ProductContent, 'attributes'>): void {
  if (content.attributes.length > PRODUCT_ATTRIBUTES_MAX) {
    throw new HttpError(400, storeProductMessages.tooManyAttributes);
  }
}

const storeProductColumns = {
  id: products.id,
  title: products.title,
  brand: products.brand,
  gtin: products.gtin,
  description: products.description,
  categoryId: products.categoryId,
  images: products.images,
  attributes: products.attributes,
  contentStatus: products.contentStatus,
  ownerBusinessId: products.ownerBusinessId,
  offerId: offers.id,
  sku: offers.sku,
  variantOf: products.variantOf,
  variantLabel: products.variantLabel,
};

/** SQL: the product belongs to the group of sizes whose main product is `groupId` (ADR 0020). */
export function inVariantGroupSql(groupId: string): SQL {
  return or(eq(products.id, groupId), eq(products.variantOf, groupId))!;
}

/**
 * The sizes of a group this store sells, main product first, then in the order they were added.
 * Only products the store itself wrote: a size is always its own product.
 */
export async function storeVariantsOf(
  db: Database,
  businessId: string,
  groupId: string,
): Promise<StoreVariant[]> {
  const rows = await db
    .select({
      productId: products.id,
      offerId: offers.id,
      title: products.title,
      label: products.variantLabel,
      sku: offers.sku,
      priceAmount: offers.priceAmount,
      currency: offers.currency,
      quantity: offers.quantity,
      variantOf: products.variantOf,
    })
    .from(products)
    .innerJoin(offers, and(eq(offers.productId, products.id), eq(offers.businessId, businessId)))
    .where(and(inVariantGroupSql(groupId), eq(products.ownerBusinessId, businessId)))
    .orderBy(sql`${products.variantOf} is null desc`, asc(products.createdAt), asc(products.id));
  return rows.map((row) => ({
    productId: row.productId,
    offerId: row.offerId,
    title: row.title,
    label: row.label,
    sku: row.sku,
    price: { amount: row.priceAmount, currency: row.currency },
    quantity: row.quantity,
    main: row.variantOf === null,
  }));
}

/**
 * Before a store stops selling a product: a size leaves its group (its label is free again for a
 * new size), and a main product whose sizes are still sold is refused in words, so no size is left
 * naming a product the store no longer has.
 */
export async function leaveVariantGroup(
  db: Database,
  businessId: string,
  productId: string,
): Promise<void> {
  const [product] = await db
    .select({ variantOf: products.variantOf, ownerBusinessId: products.ownerBusinessId })
    .from(products)
    .where(eq(products.id, productId));
  if (!product || product.ownerBusinessId !== businessId) return;
  if (product.variantOf !== null) {
    await db
      .update(products)
      .set({ variantOf: null, variantLabel: null })
      .where(and(eq(products.id, productId), eq(products.ownerBusinessId, businessId)));
    return;
  }
  const [size] = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(offers, and(eq(offers.productId, products.id), eq(offers.businessId, businessId)))
    .where(and(eq(products.variantOf, productId), ne(products.id, productId)))
    .limit(1);
  if (size) throw new HttpError(409, variantMessages.removeSizesFirst);
}

/** A product the store sells, as its editor shows it; 404 when the store has no offer of it. */
export async function findStoreProduct(
  db: Database,
  businessId: string,
  productId: string,
): Promise<StoreProduct> {
  const [row] = await db
    .select(storeProductColumns)
    .from(products)
    .innerJoin(offers, and(eq(offers.productId, products.id), eq(offers.businessId, businessId)))
    .where(eq(products.id, productId));
  if (!row) throw new HttpError(404, storeProductMessages.productNotInStore);
  const { ownerBusinessId, ...product } = row;
  const group =
    product.variantLabel === null
      ? []
      : await storeVariantsOf(db, businessId, product.variantOf ?? product.id);
  return {
    ...product,
    editable: product.contentStatus === 'store' && ownerBusinessId === businessId,
    variants: group.length > 1 ? group : [],
  };
}

/**
 * New content for a product this store wrote and nobody confirmed yet (title, brand, description,
 * category, photos, details), in one transaction. Shared content is refused (403): it belongs to the
 * catalogue (later its brand partner), not to one of the stores selling it.
 */
export async function updateStoreProduct(
  db: Database,
  businessId: string,
  productId: string,
  content: ProductContent,
  now: Date,
): Promise<StoreProduct> {
  return db.transaction(async (tx) => {
    const current = await findStoreProduct(tx, businessId, productId);
    if (!current.editable) {
      // A brand partner's content says whose it is (ADR 0022); other shared content, that it is shared.
      const brandName = await brandNameOfProduct(tx, productId);
      throw new HttpError(
        403,
        brandName ? brandMessages.storeBrandContent(brandName) : storeProductMessages.contentShared,
      );
    }
    checkAttributes(content);
    await assertRetailCategory(tx, content.categoryId);
    const images = await checkedProductImages(tx, businessId, content.images, current.images);
    const brand = await brandOrStoreName(tx, businessId, content.brand);
    await tx
      .update(products)
      .set({
        title: content.title,
        brand,
        description: content.description,
        categoryId: content.categoryId,
        images,
        attributes: content.attributes,
        updatedAt: now,
      })
      .where(
        and(
          eq(products.id, productId),
          eq(products.ownerBusinessId, businessId),
          eq(products.contentStatus, 'store'),
        ),
      );
    await learnSearchWords(tx, `${content.title} ${brand}`);
    return findStoreProduct(tx, businessId, productId);
  });
}
