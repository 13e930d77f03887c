import { z } from 'zod';
import { envelopeSchema, successEnvelopeSchema } from '../envelope.ts';
import { catalogIdSchema, imageSchema, moneySchema } from '../catalog/schemas/common.ts';
import { flyerItemSchema, flyerPageSchema, hotspotBoxSchema } from '../catalog/schemas/flyer.ts';
import { localDateSchema } from '../catalog/schemas/opening-hours.ts';
import {
  addDays,
  dayOfWeek,
  daysBetween,
  formatLocalDate,
  parseLocalDate,
} from '../catalog/zoned-time.ts';
import { INT4_MAX, inputMessages, PRICE_MAX_MINOR, safeText } from '../schemas/safe-input.ts';

/**
 * Flyer editing on Manage Your Store: a store's weekly flyers, their page images and the hotspots
 * drawn on each page (boxes as fractions 0..1 of the page image, see `hotspotBoxSchema`), each
 * optionally linked to one of the store's live offers. What is saved here is what the shopper app
 * reads through the public flyer API (catalog/schemas/flyer.ts). Dates are the store's local
 * calendar days, both included.
 */

/** A flyer runs at most this many days (a weekly flyer is 7; a month-long event fits). */
export const FLYER_MAX_DAYS = 31;
export const FLYER_TITLE_MAX = 120;
export const FLYER_PAGES_MAX = 40;
export const FLYER_ITEMS_PER_PAGE_MAX = 100;
export const FLYER_ITEM_TEXT_MAX = 200;
/** The multipart field of a page upload (same as every store image). */
export const FLYER_PAGE_FIELD = 'image';
/** The weekday (0 = Sunday) a flyer week starts on: flyers run Thursday to Wednesday. */
export const FLYER_WEEK_START_DAY = 4;

export const flyerEditMessages = {
  notFound: 'Not found in this store.',
  nothingToChange: 'Send at least one field to change.',
  endBeforeStart: 'The flyer must end on or after its first day.',
  tooLong: `A flyer can run at most ${FLYER_MAX_DAYS} days.`,
  itemEndBeforeStart: 'A deal must end on or after its first day.',
  offerNotInStore: 'That product is not sold by this store.',
  promoNeedsOffer: 'A promo price needs a linked product: link one of your products to the deal.',
  promoNotBelowPrice: (title: string, regular: string) =>
    `The promo price for ${title} must be lower than its regular price, ${regular}.`,
  /** The editor's flag on a hotspot whose words and checkout disagree. */
  priceMismatch: (says: string, charges: string) =>
    `The deal says ${says}, but checkout charges ${charges} during this flyer.`,
  tooManyPages: `A flyer can have at most ${FLYER_PAGES_MAX} pages.`,
  pageMissing: 'Choose a page image to upload.',
  pageTooLarge: 'Page images can be at most 8 MB.',
  flyerCreated: 'Flyer created',
  flyerSaved: 'Flyer saved',
  flyerDeleted: 'Flyer deleted',
  pageAdded: 'Page added',
  pageMoved: 'Page moved',
  pageDeleted: 'Page deleted',
  itemsSaved: 'Page saved',
} as const;

// ---- Validity ----

export const FLYER_VALIDITIES = ['current', 'upcoming', 'ended'] as const;
export type FlyerValidity = (typeof FLYER_VALIDITIES)[number];
export const FLYER_VALIDITY_LABELS = {
  current: 'Current',
  upcoming: 'Upcoming',
  ended: 'Ended',
} as const satisfies Record<FlyerValidity, string>;

/** Where a flyer stands on the store's `today` ('YYYY-MM-DD' strings compare as dates). */
export function flyerValidity(
  today: string,
  flyer: { validFrom: string; validTo: string },
): FlyerValidity {
  if (flyer.validTo < today) return 'ended';
  if (flyer.validFrom > today) return 'upcoming';
  return 'current';
}

/**
 * The default dates of a new flyer: the next flyer week starting on or after `today` (Thursday, or
 * today when it is Thursday) to the Wednesday after it.
 */
export function defaultFlyerWeek(today: string): { validFrom: string; validTo: string } {
  const date = parseLocalDate(today);
  if (!date) throw new Error(`not a date: ${today}`);
  const ahead = (FLYER_WEEK_START_DAY - dayOfWeek(date) + 7) % 7;
  const start = addDays(date, ahead);
  return { validFrom: formatLocalDate(start), validTo: formatLocalDate(addDays(start, 6)) };
}

/** The date rule of a flyer (create, and the merged result of an edit); null when fine. */
export function flyerDatesProblem(validFrom: string, validTo: string): string | null {
  const from = parseLocalDate(validFrom);
  const to = parseLocalDate(validTo);
  if (!from || !to) return null; // the schema reports malformed dates itself
  const days = daysBetween(from, to);
  if (days < 0) return flyerEditMessages.endBeforeStart;
  if (days + 1 > FLYER_MAX_DAYS) return flyerEditMessages.tooLong;
  return null;
}

// ---- Requests ----

const title = safeText({ error: 'title is required' })
  .trim()
  .min(1, { error: 'title is required' })
  .max(FLYER_TITLE_MAX, { error: `title must be at most ${FLYER_TITLE_MAX} characters` });

export const flyerCreateRequest = z
  .strictObject({ title, validFrom: localDateSchema, validTo: localDateSchema })
  .superRefine((body, context) => {
    const problem = flyerDatesProblem(body.validFrom, body.validTo);
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['validTo'] });
  });
export type FlyerCreateRequest = z.infer<typeof flyerCreateRequest>;

/** PATCH flyer: the fields given change; the date rule is checked on the merged dates. */
export const flyerPatchRequest = z
  .strictObject({
    title: title.optional(),
    validFrom: localDateSchema.optional(),
    validTo: localDateSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: flyerEditMessages.nothingToChange,
  });
export type FlyerPatchRequest = z.infer<typeof flyerPatchRequest>;

/** PATCH flyer page: move it to this page number (1 = first; past the end = last). */
export const flyerPageMoveRequest = z.strictObject({
  pageNumber: z
    .number({ error: 'pageNumber must be a number' })
    .int({ error: 'pageNumber must be a whole number' })
    .positive({ error: 'pageNumber must be at least 1' })
    .max(INT4_MAX, { error: inputMessages.tooLarge('the page number', INT4_MAX) }),
});
export type FlyerPageMoveRequest = z.infer<typeof flyerPageMoveRequest>;

const itemText = (name: string) =>
  safeText({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(FLYER_ITEM_TEXT_MAX, {
      error: `${name} must be at most ${FLYER_ITEM_TEXT_MAX} characters`,
    });

/** One hotspot as the editor sends it; missing dates take the flyer's. */
export const flyerItemEditSchema = z
  .strictObject({
    box: hotspotBoxSchema,
    title: itemText('title'),
    priceText: itemText('priceText'),
    saleStory: safeText()
      .trim()
      .max(FLYER_ITEM_TEXT_MAX, {
        error: `saleStory must be at most ${FLYER_ITEM_TEXT_MAX} characters`,
      })
      .nullable()
      .optional(),
    /** One of this store's offers: the shopper's tap shows its live stock and Reserve. */
    offerId: catalogIdSchema.nullable().optional(),
    /**
     * The promo price in minor units (docs/decisions/0019): the linked offer's sale price for the
     * deal's days, so checkout charges what the flyer says. The price text then shows it.
     */
    promoPrice: z
      .number({ error: 'The promo price must be an amount, like 7.99.' })
      .int({ error: 'The promo price must be an amount, like 7.99.' })
      .nonnegative({ error: 'The promo price cannot be negative.' })
      .max(PRICE_MAX_MINOR, { error: 'The promo price is too large.' })
      .nullable()
      .optional(),
    validFrom: localDateSchema.optional(),
    validTo: localDateSchema.optional(),
  })
  .refine((item) => !item.validFrom || !item.validTo || item.validFrom <= item.validTo, {
    error: flyerEditMessages.itemEndBeforeStart,
    path: ['validTo'],
  })
  .refine((item) => item.promoPrice == null || item.offerId != null, {
    error: flyerEditMessages.promoNeedsOffer,
    path: ['promoPrice'],
  });
export type FlyerItemEdit = z.infer<typeof flyerItemEditSchema>;

/** PUT flyer page items: the page's whole list of hotspots, in order. */
export const flyerPageItemsRequest = z.strictObject({
  items: z
    .array(flyerItemEditSchema, { error: 'items must be a list' })
    .max(FLYER_ITEMS_PER_PAGE_MAX, {
      error: `a page can have at most ${FLYER_ITEMS_PER_PAGE_MAX} hotspots`,
    }),
});
export type FlyerPageItemsRequest = z.infer<typeof flyerPageItemsRequest>;

// ---- Answers ----

/** A flyer in the store's list. */
export const managedFlyerSummarySchema = z.object({
  id: catalogIdSchema,
  title: safeText(),
  validFrom: localDateSchema,
  validTo: localDateSchema,
  validity: z.enum(FLYER_VALIDITIES),
  /** The first page; null until a page is uploaded (the shopper app hides such a flyer). */
  cover: imageSchema.nullable(),
  pageCount: z.number().int().nonnegative(),
  itemCount: z.number().int().nonnegative(),
});
export type ManagedFlyerSummary = z.infer<typeof managedFlyerSummarySchema>;

/** The offer a hotspot links to, as the editor shows it. */
export const flyerLinkedOfferSchema = z.object({
  id: catalogIdSchema,
  title: safeText(),
  quantity: z.number().int(),
  /** Its regular price, and what checkout charges on the deal's first day (a sale included). */
  price: moneySchema,
  chargedPrice: moneySchema,
});
export type FlyerLinkedOffer = z.infer<typeof flyerLinkedOfferSchema>;

/** The shopper's flyer item, with the linked offer as the editor shows it instead of live. */
export const managedFlyerItemSchema = flyerItemSchema.extend({
  offer: flyerLinkedOfferSchema.nullable(),
  /** The promo price set on the hotspot (minor units), null when none. */
  promoPrice: z.number().int().nullable(),
  /** Set when the deal's words name a price checkout does not charge (flyerEditMessages.priceMismatch). */
  priceMismatch: safeText().nullable(),
});
export type ManagedFlyerItem = z.infer<typeof managedFlyerItemSchema>;

export const managedFlyerPageSchema = flyerPageSchema.extend({
  items: z.array(managedFlyerItemSchema),
});
export type ManagedFlyerPage = z.infer<typeof managedFlyerPageSchema>;

export const managedFlyerSchema = managedFlyerSummarySchema.extend({
  pages: z.array(managedFlyerPageSchema),
});
export type ManagedFlyer = z.infer<typeof managedFlyerSchema>;

/** GET flyers: current and upcoming first; `today` is the store's local date (badges, defaults). */
export const managedFlyerListResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(managedFlyerSummarySchema) }).extend({
    today: localDateSchema,
  }),
);
export type ManagedFlyerListResponse = z.infer<typeof managedFlyerListResponse>;

export const managedFlyerResponse = envelopeSchema(
  successEnvelopeSchema({ result: managedFlyerSchema }),
);
export type ManagedFlyerResponse = z.infer<typeof managedFlyerResponse>;
