import { z } from 'zod';
import { envelopeSchema, successEnvelopeSchema } from '../envelope.ts';
import {
  catalogIdSchema,
  imageSchema,
  isoDateTimeSchema,
  storedMinorUnitsSchema,
  moneySchema,
  stockStatusSchema,
} from '../catalog/schemas/common.ts';
import { gtinMessages } from '../catalog/gtin.ts';
import { safeText } from '../schemas/safe-input.ts';
import { PRODUCT_CONTENT_STATUSES, productContentSchema } from './store-products.ts';

export * from './store-products.ts';

/**
 * Products & stock (Manage Your Store): a store's offers (list, edit, remove), adding an offer of a
 * shared catalogue product, and creating a new catalogue product together with the store's offer.
 * Request prices are whole cents in the store's currency; answers carry Money like the catalogue.
 */

/** One page of the offers table. */
export const OFFER_PAGE_SIZE = 50;
/** How many catalogue products a search in the "Add product" dialog answers. */
export const CATALOG_PRODUCT_RESULTS = 20;
/** "Low stock" in the manage site: 1 or 2 left (the quantities the stock wording calls limited). */
export const LOW_STOCK_MAX_QUANTITY = 2;
export const SKU_MAX_LENGTH = 64;

export const OFFER_STOCK_FILTERS = ['all', 'low', 'out'] as const;
export type OfferStockFilter = (typeof OFFER_STOCK_FILTERS)[number];
export const OFFER_STOCK_FILTER_LABELS = {
  all: 'All',
  low: 'Low stock',
  out: 'Out of stock',
} as const satisfies Record<OfferStockFilter, string>;

export const OFFER_SORTS = ['title', 'quantity', 'updated'] as const;
export type OfferSort = (typeof OFFER_SORTS)[number];

export const offersMessages = {
  offerNotFound: 'That product is not in this store.',
  productNotFound: 'That product is not in the catalogue.',
  skuTaken: 'Another product in this store already uses that SKU.',
  priceNotPositive: 'The price must be more than 0.',
  salePriceNotPositive: 'The sale price must be more than 0.',
  saleNotBelowPrice: 'The sale price must be lower than the regular price.',
  saleNeedsDates: 'A sale needs a start and an end date.',
  saleEndBeforeStart: 'The sale must end after it starts.',
  offerInOpenOrder:
    'This product is in an order that is still open. Remove it once that order is completed or cancelled.',
  alreadyOffered: 'Your store already sells this product.',
  gtinTaken: 'A product with this GTIN is already in the catalogue. Add it to your store instead.',
  gtinCheckDigit: gtinMessages.checkDigit,
  categoryNotRetail: 'Choose a product category.',
  offerSaved: 'Saved.',
  offerRemoved: 'Removed from your store.',
  offerAdded: 'Added to your store.',
  productCreated: 'Product created and added to your store.',
  ownProductCreated:
    'Product created and added to your store. Shoppers see it once your store is approved.',
} as const;

/** An offer's price or sale price: whole cents, more than 0 (never free, never negative). */
const positiveCents = (error: string) => storedMinorUnitsSchema.min(1, { error });
const priceCentsSchema = positiveCents(offersMessages.priceNotPositive);
const salePriceCentsSchema = positiveCents(offersMessages.salePriceNotPositive);
const quantitySchema = z
  .number({ error: 'quantity must be a number' })
  .int({ error: 'quantity must be a whole number' })
  .min(0, { error: 'quantity cannot be negative' })
  .max(1_000_000, { error: 'quantity is too large' });
const skuSchema = safeText()
  .trim()
  .min(1, { error: 'sku cannot be empty' })
  .max(SKU_MAX_LENGTH, { error: `sku must be at most ${SKU_MAX_LENGTH} characters` });

/** The price fields of an offer after an edit is applied; what `offerPriceProblem` checks. */
export interface OfferPriceFields {
  price: number;
  salePrice: number | null;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
}

/**
 * The one rule set for an offer's prices, run on the merged result of an edit (server) and on the
 * form (web): the sale is below the price, has both dates, and ends after it starts. Null when fine.
 */
export function offerPriceProblem(fields: OfferPriceFields): string | null {
  if (fields.salePrice === null) return null;
  if (fields.salePrice >= fields.price) return offersMessages.saleNotBelowPrice;
  if (fields.saleStartsAt === null || fields.saleEndsAt === null) {
    return offersMessages.saleNeedsDates;
  }
  if (Date.parse(fields.saleEndsAt) <= Date.parse(fields.saleStartsAt)) {
    return offersMessages.saleEndBeforeStart;
  }
  return null;
}

// ---- List ----

export const offerListQuerySchema = z.object({
  q: safeText().trim().max(200).optional(),
  stock: z.enum(OFFER_STOCK_FILTERS, { error: 'stock must be all, low or out' }).default('all'),
  sort: z.enum(OFFER_SORTS, { error: 'sort must be title, quantity or updated' }).default('title'),
  cursor: safeText().max(500).optional(),
});
export type OfferListQuery = z.input<typeof offerListQuerySchema>;

/** A row of the store's products table. */
export const managedOfferSchema = z.object({
  id: catalogIdSchema,
  productId: catalogIdSchema,
  title: safeText(),
  brand: safeText(),
  /** Null for the store's own products (named by their SKU). */
  gtin: safeText().nullable(),
  image: imageSchema.nullable(),
  categoryName: safeText(),
  sku: safeText().nullable(),
  /** 'store': content this store wrote, shown only with its own offer until confirmed (ADR 0020). */
  contentStatus: z.enum(PRODUCT_CONTENT_STATUSES),
  /** The store may edit the product's title, description, photos and details. */
  contentEditable: z.boolean(),
  /** The group's main product when this offer is one of its sizes (ADR 0020), else null. */
  variantOf: catalogIdSchema.nullable().optional(),
  /** Its size label ("400 g") when it belongs to a group of sizes. */
  variantLabel: safeText().nullable().optional(),
  price: moneySchema,
  salePrice: moneySchema.nullable(),
  saleStartsAt: isoDateTimeSchema.nullable(),
  saleEndsAt: isoDateTimeSchema.nullable(),
  quantity: z.number().int(),
  /** The shopper-facing wording, from the contract's stockStatus(quantity). */
  stock: stockStatusSchema,
  stockUpdatedAt: isoDateTimeSchema,
  pickupMethod: safeText().nullable(),
  pickupSla: safeText().nullable(),
});
export type ManagedOffer = z.infer<typeof managedOfferSchema>;

export const offerStockCountsSchema = z.object({
  all: z.number().int().nonnegative(),
  low: z.number().int().nonnegative(),
  out: z.number().int().nonnegative(),
});
export type OfferStockCounts = z.infer<typeof offerStockCountsSchema>;

/** A page of offers, plus the counts of each stock tab (for the same search). */
export const offerListResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(managedOfferSchema) }).extend({
    nextCursor: safeText().nullable(),
    counts: offerStockCountsSchema,
  }),
);
export type OfferListResponse = z.infer<typeof offerListResponse>;

export const managedOfferResponse = envelopeSchema(
  successEnvelopeSchema({ result: managedOfferSchema }),
);
export type ManagedOfferResponse = z.infer<typeof managedOfferResponse>;

// ---- Edit ----

/** PATCH offer: only the fields given change; `salePrice: null` ends the sale (and clears its dates). */
export const offerPatchSchema = z
  .object({
    price: priceCentsSchema.optional(),
    salePrice: salePriceCentsSchema.nullable().optional(),
    saleStartsAt: isoDateTimeSchema.nullable().optional(),
    saleEndsAt: isoDateTimeSchema.nullable().optional(),
    quantity: quantitySchema.optional(),
    sku: skuSchema.nullable().optional(),
  })
  .strict();
export type OfferPatch = z.infer<typeof offerPatchSchema>;

// ---- Add from the catalogue ----

const offerTermsShape = {
  price: priceCentsSchema,
  quantity: quantitySchema,
  salePrice: salePriceCentsSchema.nullable().optional(),
  saleStartsAt: isoDateTimeSchema.nullable().optional(),
  saleEndsAt: isoDateTimeSchema.nullable().optional(),
  sku: skuSchema.nullable().optional(),
};

/** The store's terms for a product it starts selling. */
export const offerTermsSchema = z.object(offerTermsShape);
export type OfferTerms = z.infer<typeof offerTermsSchema>;

export const offerAddSchema = z.object({ productId: catalogIdSchema, ...offerTermsShape });
export type OfferAdd = z.infer<typeof offerAddSchema>;

export const catalogProductQuerySchema = z.object({
  q: safeText().trim().max(200).default(''),
});

export const catalogProductHitSchema = z.object({
  id: catalogIdSchema,
  title: safeText(),
  brand: safeText(),
  /** Null for the store's own products (they have no barcode). */
  gtin: safeText().nullable(),
  image: imageSchema.nullable(),
  categoryName: safeText(),
  /** The store's offer of it, when it already sells it. */
  offerId: catalogIdSchema.nullable(),
});
export type CatalogProductHit = z.infer<typeof catalogProductHitSchema>;

export const catalogProductSearchResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(catalogProductHitSchema) }),
);
export type CatalogProductSearchResponse = z.infer<typeof catalogProductSearchResponse>;

// ---- Create a catalogue product ----

/**
 * A new product with the store's offer of it. With a barcode (checked by optionalGtinProblem on the
 * server, for the retailer's words) it is content for that GTIN; without one it is the store's own
 * product and its offer needs a SKU. Either way it is the store's content until confirmed (ADR 0020).
 */
export const productCreateSchema = productContentSchema.extend({
  gtin: safeText().max(40).nullable().optional(),
  offer: offerTermsSchema,
});
export type ProductCreate = z.input<typeof productCreateSchema>;

/** A GTIN already in the catalogue answers 409 with this, so the form can offer that product. */
export const gtinTakenResponse = z.object({
  status: z.literal(0),
  message: safeText(),
  result: z.object({ productId: catalogIdSchema }),
});
