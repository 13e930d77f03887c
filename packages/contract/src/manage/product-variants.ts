import { z } from 'zod';
import { envelopeSchema, successEnvelopeSchema } from '../envelope.ts';
import { catalogIdSchema, moneySchema, storedMinorUnitsSchema } from '../catalog/schemas/common.ts';
import { safeText } from '../schemas/safe-input.ts';
import { MANAGE_API } from './manage-paths.ts';

/**
 * Simple variants of a store's own product (ADR 0020): each size or weight ("400 g", "800 g") is its
 * own product with its own SKU, price and stock, so an offer stays one per store and product (carts,
 * orders and feeds rely on it). The sizes name the group's main product (`variantOf`) and carry a
 * short label, unique within the group. A new size copies the main product's title, description,
 * photos, details and category.
 */

/** A label fits a chip on a phone: "800 g", "Large", "6-pack". */
export const VARIANT_LABEL_MAX = 20;

export const variantMessages = {
  labelRequired: 'Name the size, for example 400 g or Large.',
  labelTooLong: `Keep the size short: at most ${VARIANT_LABEL_MAX} characters, for example 400 g.`,
  labelTaken: 'This product already has a size with that name. Give each size its own name.',
  mainLabelRequired:
    'Name this product’s own size too (for example 800 g), so shoppers can tell the sizes apart.',
  onlyOwnProducts:
    'Sizes can be added only to your own products without a barcode. Products with a barcode each have their own.',
  notAVariant: 'That product is not one of the sizes of this product.',
  removeSizesFirst:
    'This product has other sizes. Remove them first, or keep this one and remove the sizes you no longer sell.',
  variantAdded: 'Size added. Shoppers can choose it on the product page.',
  variantSaved: 'Size saved.',
  variantRemoved: 'Size removed from your store.',
} as const;

/** The one label rule for the form and the server: null when fine, else a retailer's message. */
export function variantLabelProblem(label: string): string | null {
  const trimmed = label.trim();
  if (trimmed === '') return variantMessages.labelRequired;
  if (trimmed.length > VARIANT_LABEL_MAX) return variantMessages.labelTooLong;
  return null;
}

/** Two labels name the same size when they match ignoring case and outer spaces ("400 G" = "400 g"). */
export function sameVariantLabel(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

const variantLabelSchema = safeText()
  .trim()
  .min(1, { error: variantMessages.labelRequired })
  .max(VARIANT_LABEL_MAX, { error: variantMessages.labelTooLong });
const centsSchema = storedMinorUnitsSchema.min(1, { error: 'The price must be more than 0.' });
const quantitySchema = z
  .number({ error: 'Enter the quantity in stock.' })
  .int({ error: 'The quantity must be a whole number.' })
  .min(0, { error: 'The quantity cannot be negative.' })
  .max(1_000_000, { error: 'The quantity is too large.' });
const skuSchema = safeText()
  .trim()
  .min(1, {
    error: 'Give the size a SKU (your item code) so you can find it and update its stock.',
  })
  .max(64, { error: 'The SKU can be at most 64 characters.' });

const id = (value: string) => encodeURIComponent(value);

export const variantPaths = {
  /** POST a new size of the product (its group's main product, or any size of it). */
  variants: (businessId: string, productId: string) =>
    `${MANAGE_API}/businesses/${id(businessId)}/products/${id(productId)}/variants`,
  /** PATCH a size's label, SKU, price, stock; DELETE removes the size from the store. */
  variant: (businessId: string, productId: string, variantId: string) =>
    `${MANAGE_API}/businesses/${id(businessId)}/products/${id(productId)}/variants/${id(variantId)}`,
};

/** "Add a size": its label, SKU, price and stock; `mainLabel` names the main product's own size the first time. */
export const variantAddSchema = z
  .object({
    label: variantLabelSchema,
    mainLabel: variantLabelSchema.optional(),
    sku: skuSchema,
    price: centsSchema,
    quantity: quantitySchema,
  })
  .strict();
export type VariantAdd = z.infer<typeof variantAddSchema>;

/** Edit a size: only the fields given change. */
export const variantPatchSchema = z
  .object({
    label: variantLabelSchema.optional(),
    sku: skuSchema.optional(),
    price: centsSchema.optional(),
    quantity: quantitySchema.optional(),
  })
  .strict();
export type VariantPatch = z.infer<typeof variantPatchSchema>;

/** One size of a group as the store's editor lists it (the main product included). */
export const storeVariantSchema = z.object({
  productId: catalogIdSchema,
  offerId: catalogIdSchema,
  title: safeText(),
  label: safeText().nullable(),
  sku: safeText().nullable(),
  price: moneySchema,
  quantity: z.number().int(),
  /** The group's main product (the one the sizes name). */
  main: z.boolean(),
});
export type StoreVariant = z.infer<typeof storeVariantSchema>;

/** Answer of a size's add or edit: the group's sizes as they now are. */
export const variantListResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(storeVariantSchema) }),
);
