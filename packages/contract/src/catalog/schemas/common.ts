import { z } from 'zod';
import { envelopeSchema, successEnvelopeSchema } from '../../envelope.ts';
import { STOCK_LABELS, STOCK_LEVELS } from '../stock.ts';
import { inputMessages, PRICE_MAX_MINOR, safeText } from '../../schemas/safe-input.ts';

/** The three kinds of business on Localmart; each has its own category tree. */
export const BUSINESS_KINDS = ['retail', 'restaurant', 'service'] as const;
export type BusinessKind = (typeof BUSINESS_KINDS)[number];
export const businessKindSchema = z.enum(BUSINESS_KINDS, {
  error: `kind must be one of ${BUSINESS_KINDS.join(', ')}`,
});

/** Catalogue ids are UUIDs (v4-shaped, also for the deterministic demo data). */
export const catalogIdSchema = z.uuid({ error: 'id must be a UUID' });

export const slugSchema = safeText()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    error: 'slug must be lower-case letters, digits and dashes',
  });

/** Instants travel as ISO 8601 UTC strings ('2025-06-13T20:00:00.000Z'). */
export const isoDateTimeSchema = z.iso.datetime({ error: 'must be an ISO date-time' });

export const currencyCodeSchema = safeText().regex(/^[A-Z]{3}$/, {
  error: 'currency must be a 3-letter ISO 4217 code',
});

/** Integer minor units (cents) of `currency`; see money.ts for why never floats. */
export const minorUnitsSchema = z
  .number()
  .int({ error: 'amount must be whole minor units (cents)' })
  .refine(Number.isSafeInteger, { error: 'amount is too large' });

/**
 * Minor units a person sends (a price, a fee, a competitor's price): whole, and at most
 * PRICE_MAX_MINOR, so it always fits its PostgreSQL integer column.
 */
export const storedMinorUnitsSchema = minorUnitsSchema.max(PRICE_MAX_MINOR, {
  error: inputMessages.amountTooLarge,
});

export const moneySchema = z.object({ amount: minorUnitsSchema, currency: currencyCodeSchema });

/**
 * An image with its pixel size, so a screen reserves the box before it loads (no layout shift) and
 * picks a sensible `sizes`. `url` is ours (media or generated demo images) or absolute.
 */
export const imageSchema = z.object({
  url: safeText().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: safeText(),
});
export type ImageRef = z.infer<typeof imageSchema>;

export const latitudeSchema = z.number().min(-90).max(90);
export const longitudeSchema = z.number().min(-180).max(180);

/** How far the shopper is from the thing, when the request gave a location; else null. */
export const distanceKmSchema = z.number().nonnegative().nullable();

export const stockStatusSchema = z.object({
  level: z.enum(STOCK_LEVELS),
  label: z.enum([
    STOCK_LABELS.in_stock,
    STOCK_LABELS.low_stock,
    STOCK_LABELS.limited,
    STOCK_LABELS.out_of_stock,
  ]),
  inStock: z.boolean(),
});

/** A category as other records point at it. */
export const categoryRefSchema = z.object({
  id: catalogIdSchema,
  slug: slugSchema,
  name: safeText(),
});
export type CategoryRef = z.infer<typeof categoryRefSchema>;

/** 'Usually ready in 2 h' etc. (see catalog-labels.ts), or null when the business has no pickup. */
export const pickupPromiseSchema = safeText().nullable();

/**
 * One page of a keyset-paginated list: `results` plus `nextCursor`, the opaque token for the next page
 * (null on the last page). Keyset, not offset: stable while stock changes, and as fast on page 500 as
 * on page 1 at bench scale.
 */
export function catalogPageResponse<TItem extends z.ZodType>(item: TItem) {
  return envelopeSchema(
    successEnvelopeSchema({ results: z.array(item) }).extend({ nextCursor: safeText().nullable() }),
  );
}

/** A success answer carrying one page of results. */
export function okPage<TItem>(
  results: TItem[],
  nextCursor: string | null,
  message?: string,
): { status: 1; message?: string; results: TItem[]; nextCursor: string | null } {
  return message === undefined
    ? { status: 1, results, nextCursor }
    : { status: 1, message, results, nextCursor };
}

/** A success answer carrying one object. */
export function catalogItemResponse<TItem extends z.ZodType>(item: TItem) {
  return envelopeSchema(successEnvelopeSchema({ result: item }));
}

/** A success answer carrying a whole (short) list: team, gallery, a business's menus. */
export function catalogListResponse<TItem extends z.ZodType>(item: TItem) {
  return envelopeSchema(successEnvelopeSchema({ results: z.array(item) }));
}
