import { z } from 'zod';
import { businessRefSchema } from './business.ts';
import {
  catalogIdSchema,
  catalogItemResponse,
  catalogPageResponse,
  imageSchema,
} from './common.ts';
import { localDateSchema, timeZoneSchema } from './opening-hours.ts';
import { offerSchema } from './product.ts';
import { safeText } from '../../schemas/safe-input.ts';

/** Rounding slack so 0.1 + 0.9 still counts as inside the page. */
const EDGE = 1e-9;
const fraction = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .min(0, { error: `${name} must be at least 0` })
    .max(1, { error: `${name} must be at most 1` });

/**
 * Where a flyer item sits on its page, as fractions (0..1) of the page image's width and height, from
 * the top-left corner. Fractions, not pixels: the hotspot stays on the picture at any rendered size
 * (`left: 12.5%` in CSS) and whatever resolution the page image is served at.
 */
export const hotspotBoxSchema = z
  .object({
    left: fraction('left'),
    top: fraction('top'),
    width: fraction('width').positive({ error: 'width must be above 0' }),
    height: fraction('height').positive({ error: 'height must be above 0' }),
  })
  .refine((box) => box.left + box.width <= 1 + EDGE, {
    error: 'left + width must stay inside the page',
    path: ['width'],
  })
  .refine((box) => box.top + box.height <= 1 + EDGE, {
    error: 'top + height must stay inside the page',
    path: ['height'],
  });
export type HotspotBox = z.infer<typeof hotspotBoxSchema>;

/**
 * A deal on a flyer page. `offer` is the live offer it links to, if any: tapping it shows current
 * stock and Reserve / Add to cart. Unlinked items ("20% off all house plants") are text only.
 * Dates are the store's local calendar days, both included.
 */
export const flyerItemSchema = z.object({
  id: catalogIdSchema,
  box: hotspotBoxSchema,
  title: safeText(),
  priceText: safeText(),
  saleStory: safeText().nullable(),
  validFrom: localDateSchema,
  validTo: localDateSchema,
  productId: catalogIdSchema.nullable(),
  offer: offerSchema.nullable(),
});
export type FlyerItem = z.infer<typeof flyerItemSchema>;

export const flyerPageSchema = z.object({
  id: catalogIdSchema,
  pageNumber: z.number().int().positive(),
  image: imageSchema,
  items: z.array(flyerItemSchema),
});
export type FlyerPage = z.infer<typeof flyerPageSchema>;

/** flyerlist: a store's weekly flyer, valid from/to local dates (both included). */
export const flyerSummarySchema = z.object({
  id: catalogIdSchema,
  business: businessRefSchema,
  title: safeText(),
  validFrom: localDateSchema,
  validTo: localDateSchema,
  /** The store's IANA time zone: the dates above are its calendar days ("Ends today" is read there). */
  timeZone: timeZoneSchema,
  cover: imageSchema,
  pageCount: z.number().int().positive(),
  itemCount: z.number().int().nonnegative(),
});
export type FlyerSummary = z.infer<typeof flyerSummarySchema>;

/** flyer-details: the flyer with its pages and hotspots. */
export const flyerSchema = flyerSummarySchema.extend({ pages: z.array(flyerPageSchema) });
export type Flyer = z.infer<typeof flyerSchema>;

export const flyerListResponse = catalogPageResponse(flyerSummarySchema);
export type FlyerListResponse = z.infer<typeof flyerListResponse>;
export const flyerResponse = catalogItemResponse(flyerSchema);
export type FlyerResponse = z.infer<typeof flyerResponse>;
