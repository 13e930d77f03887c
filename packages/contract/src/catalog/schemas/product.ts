import { z } from 'zod';
import { envelopeSchema, successEnvelopeSchema } from '../../envelope.ts';
import { businessRefSchema, fulfilmentFlagsSchema } from './business.ts';
import {
  catalogIdSchema,
  catalogItemResponse,
  categoryRefSchema,
  distanceKmSchema,
  imageSchema,
  isoDateTimeSchema,
  moneySchema,
  pickupPromiseSchema,
  slugSchema,
  stockStatusSchema,
} from './common.ts';
import { safeText } from '../../schemas/safe-input.ts';
import { ratingSummarySchema } from '../../reviews/rating.ts';

/** GTIN-8/12/13/14 digits (check digit verified where products are written, see gtin.ts). */
export const gtinSchema = safeText().regex(/^(?:\d{8}|\d{12,14})$/, {
  error: 'gtin must be 8, 12, 13 or 14 digits',
});

export const saleSchema = z.object({
  price: moneySchema,
  /** Start included, end excluded. */
  startsAt: isoDateTimeSchema,
  endsAt: isoDateTimeSchema,
});

/**
 * One store's offer of a product: its own price, optional sale, live quantity and when the store's
 * feed last updated it. `currentPrice`/`onSale` are decided by the server at answer time
 * (offer-price.ts) so every screen shows the same price; `stock` comes from stockStatus(quantity).
 */
export const offerSchema = z.object({
  id: catalogIdSchema,
  productId: catalogIdSchema,
  business: businessRefSchema,
  price: moneySchema,
  sale: saleSchema.nullable(),
  currentPrice: moneySchema,
  onSale: z.boolean(),
  quantity: z.number().int().nonnegative(),
  stock: stockStatusSchema,
  /** When the store's inventory feed last set this quantity: "stock updated 2 h ago". */
  updatedAt: isoDateTimeSchema,
  distanceKm: distanceKmSchema,
  pickupPromise: pickupPromiseSchema,
  fulfilment: fulfilmentFlagsSchema,
});
export type Offer = z.infer<typeof offerSchema>;

export const productAttributeSchema = z.object({ name: safeText(), value: safeText() });
export type ProductAttribute = z.infer<typeof productAttributeSchema>;

/** One size of a product on its page: its own product and its store's offer (null when not sold now). */
export const productVariantSchema = z.object({
  id: catalogIdSchema,
  slug: slugSchema,
  title: safeText(),
  label: safeText(),
  /** Its own details ("Weight: 400 g"), shown when it is chosen. */
  attributes: z.array(productAttributeSchema).default([]),
  offer: offerSchema.nullable(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

/** A product card in the Products list; `bestOffer` is the one the card shows (see its doc). */
export const productSummarySchema = z.object({
  id: catalogIdSchema,
  slug: slugSchema,
  title: safeText(),
  brand: safeText(),
  /** The barcode: what a store's inventory feed names the product by; null for a store's own product. */
  gtin: gtinSchema.nullable(),
  image: imageSchema.nullable(),
  category: categoryRefSchema,
  /** Offers matching the query (within the radius, in stock when asked). */
  offerCount: z.number().int().nonnegative(),
  /** Lowest current price among those offers. */
  lowestPrice: moneySchema.nullable(),
  /** Nearest in-stock offer when a location was given, else the cheapest in-stock, else any. */
  bestOffer: offerSchema.nullable(),
  /** Verified reviews' average and count (ADR 0016); null before the first. */
  rating: ratingSummarySchema.nullable().optional(),
  /**
   * A store's own product sold in several sizes (ADR 0020) is listed once: how many sizes its
   * store sells and the lowest current price among them ("2 sizes · from $4.25"); null otherwise.
   */
  sizes: z
    .object({ count: z.number().int().min(2), from: moneySchema })
    .nullable()
    .optional(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

/** details: brand content (from the brand partner) plus every store's offer, nearest first. */
export const productDetailSchema = productSummarySchema.omit({ bestOffer: true }).extend({
  description: safeText(),
  images: z.array(imageSchema),
  attributes: z.array(productAttributeSchema),
  /** Root first: Grocery > Dairy & Eggs > Milk. */
  categoryPath: z.array(categoryRefSchema),
  offers: z.array(offerSchema),
  /**
   * The sizes of its group (ADR 0020), this one included, in the store's order (main product first):
   * each its own product with its store's offer, so choosing one changes the price, the stock and
   * what Add to cart or Reserve adds. Empty when the product comes in one size.
   */
  variants: z.array(productVariantSchema).default([]),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** A page of products; a search whose words were corrected says how it was read ("milk" for "mlik"). */
export const productListResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(productSummarySchema) }).extend({
    nextCursor: safeText().nullable(),
    correctedQuery: safeText().nullable().optional(),
  }),
);
export type ProductListResponse = z.infer<typeof productListResponse>;
export const productDetailResponse = catalogItemResponse(productDetailSchema);
export type ProductDetailResponse = z.infer<typeof productDetailResponse>;
