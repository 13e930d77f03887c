import { randomUUID } from 'node:crypto';
import {
  type ProductAttribute,
  type StoreVariant,
  sameVariantLabel,
  type VariantAdd,
  type VariantPatch,
  variantLabelProblem,
  variantMessages,
} from '@localmart/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { products } from '../../../db/schema/index.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { learnSearchWords } from '../../catalog/search/search-terms.ts';
import {
  insertOffer,
  removeStoreOffer,
  uniqueViolationOf,
  updateStoreOffer,
} from './offers.service.ts';
import { findStoreProduct, storeVariantsOf } from './product-content.ts';

/**
 * Simple variants of a store's own product (ADR 0020): each size is its own product with its own
 * offer (SKU, price, stock), grouped by `variant_of` = the main product and labelled ("400 g"). Only
 * the store that wrote the product, while it is its own (no barcode, not confirmed), adds, edits
 * or removes sizes; every statement is scoped by that store, so another store's id is a 404.
 */

/** A lost race for a label (the unique index) reads like the pre-check: 409 in the retailer's words. */
async function labelRaceAsHttp<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (uniqueViolationOf(error) === 'products_variant_label_key') {
      throw new HttpError(409, variantMessages.labelTaken);
    }
    throw error;
  }
}

/** The product must be this store's own product without a barcode; answers its group's main id. */
async function ownGroupOf(db: Database, businessId: string, productId: string) {
  const product = await findStoreProduct(db, businessId, productId);
  if (!product.editable || product.gtin !== null) {
    throw new HttpError(403, variantMessages.onlyOwnProducts);
  }
  return { product, groupId: product.variantOf ?? product.id };
}

/** Locks the group's main row so two sizes added at once are checked one after the other. */
async function lockGroup(db: Database, groupId: string): Promise<void> {
  await db.select({ id: products.id }).from(products).where(eq(products.id, groupId)).for('update');
}

function assertLabel(label: string): void {
  const problem = variantLabelProblem(label);
  if (problem) throw new HttpError(400, problem);
}

function assertLabelFree(label: string, taken: readonly (string | null)[]): void {
  if (taken.some((other) => other !== null && sameVariantLabel(other, label))) {
    throw new HttpError(409, variantMessages.labelTaken);
  }
}

/** "Country Sourdough 800 g" with 800 g -> 400 g reads "Country Sourdough 400 g"; else the label is added. */
export function titleForSize(title: string, fromLabel: string | null, toLabel: string): string {
  if (fromLabel) {
    const at = title.toLowerCase().lastIndexOf(fromLabel.toLowerCase());
    if (at >= 0) return title.slice(0, at) + toLabel + title.slice(at + fromLabel.length);
  }
  return `${title} (${toLabel})`;
}

/** A detail that named the main product's size ("Weight: 800 g") names the new size instead. */
function attributesForSize(
  attributes: readonly ProductAttribute[],
  fromLabel: string | null,
  toLabel: string,
): ProductAttribute[] {
  return attributes.map((attribute) =>
    fromLabel && sameVariantLabel(attribute.value, fromLabel)
      ? { ...attribute, value: toLabel }
      : attribute,
  );
}

function slugForSize(title: string): string {
  const words = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90)
    .replace(/-+$/g, '');
  const tail = randomUUID().replace(/-/g, '').slice(0, 12);
  return words ? `${words}-${tail}` : tail;
}

/**
 * "Add a size": a new product copying the main product's content (title with the size swapped,
 * brand, description, category, photos, details) and the store's offer of it, in one transaction.
 * The first size also names the main product's own size (`mainLabel`).
 */
export async function addVariant(
  db: Database,
  businessId: string,
  productId: string,
  input: VariantAdd,
  now: Date,
): Promise<StoreVariant[]> {
  assertLabel(input.label);
  return labelRaceAsHttp(() =>
    db.transaction(async (tx) => {
      const { groupId } = await ownGroupOf(tx, businessId, productId);
      await lockGroup(tx, groupId);
      const main = await findStoreProduct(tx, businessId, groupId);
      let mainLabel = main.variantLabel;
      if (mainLabel === null) {
        if (!input.mainLabel) throw new HttpError(400, variantMessages.mainLabelRequired);
        assertLabel(input.mainLabel);
        mainLabel = input.mainLabel;
        await tx
          .update(products)
          .set({ variantLabel: mainLabel, updatedAt: now })
          .where(and(eq(products.id, groupId), eq(products.ownerBusinessId, businessId)));
      }
      const sizes = await storeVariantsOf(tx, businessId, groupId);
      assertLabelFree(input.label, [mainLabel, ...sizes.map((size) => size.label)]);
      const title = titleForSize(main.title, mainLabel, input.label);
      const [created] = await tx
        .insert(products)
        .values({
          slug: slugForSize(`${main.brand} ${title}`),
          title,
          brand: main.brand,
          gtin: null,
          description: main.description,
          categoryId: main.categoryId,
          images: main.images,
          attributes: attributesForSize(main.attributes, mainLabel, input.label),
          contentStatus: 'store',
          ownerBusinessId: businessId,
          variantOf: groupId,
          variantLabel: input.label,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: products.id });
      await insertOffer(
        tx,
        businessId,
        created!.id,
        { price: input.price, quantity: input.quantity, sku: input.sku },
        now,
      );
      await learnSearchWords(tx, `${title} ${main.brand}`);
      return storeVariantsOf(tx, businessId, groupId);
    }),
  );
}

/** The size `variantId` of `productId`'s group, sold by this store; 404 in words otherwise. */
async function requireSize(db: Database, businessId: string, productId: string, variantId: string) {
  const { groupId } = await ownGroupOf(db, businessId, productId);
  const sizes = await storeVariantsOf(db, businessId, groupId);
  const size = sizes.find((one) => one.productId === variantId);
  if (!size) throw new HttpError(404, variantMessages.notAVariant);
  return { groupId, sizes, size };
}

/**
 * Edit a size (the main product's own included): its label (unique in the group; the title and a
 * detail follow when they named the old one), and its offer's SKU, price and stock through the offer's own rules.
 */
export async function updateVariant(
  db: Database,
  businessId: string,
  productId: string,
  variantId: string,
  patch: VariantPatch,
  now: Date,
): Promise<StoreVariant[]> {
  if (patch.label !== undefined) assertLabel(patch.label);
  return labelRaceAsHttp(() =>
    db.transaction(async (tx) => {
      const { groupId } = await ownGroupOf(tx, businessId, productId);
      await lockGroup(tx, groupId);
      const { sizes, size } = await requireSize(tx, businessId, productId, variantId);
      if (patch.label !== undefined && patch.label !== size.label) {
        assertLabelFree(
          patch.label,
          sizes.filter((other) => other.productId !== variantId).map((other) => other.label),
        );
        const current = await findStoreProduct(tx, businessId, variantId);
        await tx
          .update(products)
          .set({
            variantLabel: patch.label,
            title: size.label
              ? titleForSize(current.title, size.label, patch.label)
              : current.title,
            // A detail that named the old size ("Weight: 400 g") follows the new one.
            attributes: attributesForSize(current.attributes, size.label, patch.label),
            updatedAt: now,
          })
          .where(and(eq(products.id, variantId), eq(products.ownerBusinessId, businessId)));
      }
      const { label: _label, ...offerPatch } = patch;
      if (Object.keys(offerPatch).length > 0) {
        await updateStoreOffer(tx, businessId, size.offerId, offerPatch, now);
      }
      return storeVariantsOf(tx, businessId, groupId);
    }),
  );
}

/**
 * Remove a size from the store: its offer goes (refused while an open order holds it) and it
 * leaves the group. The main product goes last, once no other size is sold.
 */
export async function removeVariant(
  db: Database,
  businessId: string,
  productId: string,
  variantId: string,
): Promise<StoreVariant[]> {
  return db.transaction(async (tx) => {
    const { groupId, size } = await requireSize(tx, businessId, productId, variantId);
    await removeStoreOffer(tx, businessId, size.offerId);
    return storeVariantsOf(tx, businessId, groupId);
  });
}
