import { z } from 'zod';
import { envelopeSchema, successEnvelopeSchema } from '../envelope.ts';
import { NO_SHOW_HOLD_MINUTES_MAX, storeOrderMessages } from './store-orders.ts';
import { deliverySettingsSchema, fulfilmentFlagsSchema } from '../catalog/schemas/business.ts';
import {
  type BusinessKind,
  businessKindSchema,
  currencyCodeSchema,
  imageSchema,
  type ImageRef,
  isoDateTimeSchema,
  storedMinorUnitsSchema,
  moneySchema,
} from '../catalog/schemas/common.ts';
import { openingHoursSchema, timeZoneSchema } from '../catalog/schemas/opening-hours.ts';
import { normalisePostalCode, postalCodeMessage } from '../catalog/postal-codes.ts';
import { BUSINESS_STATUSES, MEMBER_ROLES } from './manage-roles.ts';
import { safeText } from '../schemas/safe-input.ts';

/**
 * Creating and running a store on Manage Your Store: onboarding, the store's settings (profile,
 * hours, fulfilment, pause, approval), its verification documents and its members. One schema per
 * form, used by the web form and by the server route alike.
 */

// ---------------------------------------------------------------------------------------------
// Constants

/** The demo city's defaults (spec: Toronto, CAD); an owner may change each. */
export const DEFAULT_STORE_TIME_ZONE = 'America/Toronto';
export const DEFAULT_STORE_CURRENCY = 'CAD';
/** Ontario HST, in basis points (1300 = 13 %). */
export const DEFAULT_TAX_RATE_BPS = 1300;
/** 30 % is far above any Canadian sales tax; a higher number is a typo (1300 typed as 13000). */
export const MAX_TAX_RATE_BPS = 3000;
/** A pickup promise longer than a week is not a promise. */
export const MAX_PICKUP_READY_MINUTES = 7 * 24 * 60;
/** A pause is for a holiday or a stocktake, not for closing the store. */
export const STORE_PAUSE_MAX_DAYS = 30;

/**
 * Shown as the logo and cover of a new store until the owner uploads real ones: a neutral picture
 * served by the web app (apps/web/public/store-placeholder.svg), so the shopper app never shows a
 * broken image.
 */
export const STORE_PLACEHOLDER_IMAGE = {
  url: '/store-placeholder.svg',
  width: 640,
  height: 360,
  alt: '',
} as const satisfies ImageRef;

/** The finer store type is free text; these are the suggestions the form offers for each kind. */
export const STORE_TYPE_SUGGESTIONS = {
  retail: [
    'grocery',
    'convenience',
    'pharmacy',
    'hardware',
    'bakery',
    'bookshop',
    'electronics',
    'pet-store',
    'florist',
    'organic-market',
  ],
  restaurant: [
    'cafe',
    'pizzeria',
    'trattoria',
    'indian',
    'sushi',
    'taqueria',
    'middle-eastern',
    'pho',
    'diner',
  ],
  service: ['hair-salon', 'barber', 'device-repair', 'dry-cleaner', 'yoga-studio', 'nail-spa'],
} as const satisfies Record<BusinessKind, readonly string[]>;

export const STORE_KIND_LABELS = {
  retail: 'Shop (retail)',
  restaurant: 'Restaurant or café',
  service: 'Services (salon, repair…)',
} as const satisfies Record<BusinessKind, string>;

/** Verification documents (spec §7's document upload): a licence, registration or utility bill. */
export const STORE_DOCUMENT_FIELD = 'document';
export const STORE_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const STORE_DOCUMENT_MAX_COUNT = 10;
/** Decided from the bytes, never from the file name or the browser's claim. */
export const STORE_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type StoreDocumentType = (typeof STORE_DOCUMENT_TYPES)[number];

/** Messages of this area, the same on the server and in the forms. */
export const storeMessages = {
  created: 'Your store is waiting for approval. Upload a business document to speed it up.',
  saved: 'Changes saved',
  hoursSaved: 'Hours saved',
  fulfilmentSaved: 'Fulfilment settings saved',
  storeCodeTaken: 'That store code is already used by another store. Choose another one.',
  paused: 'Orders are paused',
  resumed: 'Orders are open again',
  pauseInPast: 'Choose a time in the future to pause until.',
  pauseTooLong: `A pause can last at most ${STORE_PAUSE_MAX_DAYS} days.`,
  submitted: 'Your store was sent for approval again.',
  alreadyPending: 'Your store is already waiting for approval.',
  alreadyPublished: 'Your store is already published.',
  documentMissing: 'Choose a PDF, JPEG or PNG file to upload.',
  documentTooLarge: `Documents can be at most ${STORE_DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`,
  documentWrongType: 'Upload a PDF, JPEG or PNG file.',
  documentLimit: `A store can keep at most ${STORE_DOCUMENT_MAX_COUNT} documents.`,
  documentUploaded: 'Document uploaded',
  documentNotFound: 'Document not found.',
  memberNotFound: 'That person is not a member of this store.',
  lastOwner: 'A store needs at least one owner. Make someone else an owner first.',
  deliveryFeeNegative: 'The delivery fee cannot be negative.',
  minimumOrderNegative: 'The minimum order cannot be negative.',
  memberRemoved: 'Member removed',
  /** The same answer whether or not the address has an account (no account enumeration). */
  invitationSent: (email: string) =>
    `We've emailed ${email} an invitation. If they have a Localmart account with that address, they can manage this store now; if not, add them again once they have created one.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Field schemas

function requiredText(label: string, max: number) {
  return safeText({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.`, abort: true })
    .max(max, { error: `${label} must be at most ${max} characters.` });
}

export const storeNameSchema = requiredText('Store name', 80);

/** Lower-case words with dashes ('grocery', 'hair-salon'); typed text is normalised to that. */
export const storeTypeSchema = safeText({ error: 'Store type is required.' })
  .trim()
  .toLowerCase()
  .transform((text) => text.replace(/[\s_]+/g, '-'))
  .pipe(
    safeText()
      .min(1, { error: 'Store type is required.', abort: true })
      .max(40, { error: 'Store type must be at most 40 characters.' })
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
        error: 'Store type may use letters, digits and dashes, like grocery or hair-salon.',
      }),
  );

/** Google local inventory's `store_code`: the code each feed row names the store by. */
export const storeCodeSchema = safeText({ error: 'Store code is required.' })
  .trim()
  .min(2, { error: 'Store code must be at least 2 characters.' })
  .max(64, { error: 'Store code must be at most 64 characters.' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, {
    error: 'Store code may use letters, digits, dashes and underscores.',
  });

export const storeAddressSchema = z
  .object({
    line1: requiredText('Street address', 120),
    line2: safeText()
      .trim()
      .max(120, { error: 'Unit must be at most 120 characters.' })
      .nullable()
      .optional()
      .transform((text) => (text ? text : null)),
    city: requiredText('City', 80),
    region: requiredText('Province or region', 80),
    postalCode: requiredText('Postal code', 20),
    /** ISO 3166-1 alpha-2 */
    country: safeText({ error: 'Country is required.' })
      .trim()
      .toUpperCase()
      .pipe(safeText().regex(/^[A-Z]{2}$/, { error: 'Choose the country from the list.' })),
  })
  // Checked against its country and stored as the country prints it ('m5v2t6' -> 'M5V 2T6').
  .transform((address, context) => {
    const postalCode = normalisePostalCode(address.postalCode, address.country);
    if (postalCode === null) {
      context.addIssue({
        code: 'custom',
        message: postalCodeMessage(address.country),
        path: ['postalCode'],
      });
      return z.NEVER;
    }
    return { ...address, postalCode };
  });
export type StoreAddress = z.output<typeof storeAddressSchema>;

const phoneSchema = safeText({ error: 'Phone is required.' })
  .trim()
  .min(1, { error: 'Phone is required.', abort: true })
  .regex(/^\+?[0-9 ().-]{7,24}$/, { error: 'Enter a phone number like (416) 555-0123.' });

const storeEmailSchema = safeText({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Email is required.', abort: true })
  .pipe(z.email({ error: 'Enter a valid email address.' }));

const websiteSchema = safeText()
  .trim()
  .max(200, { error: 'Website must be at most 200 characters.' })
  .refine((text) => text === '' || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(text), {
    error: 'Website must start with https:// (or http://).',
  })
  .nullable()
  .optional()
  .transform((text) => (text ? text : null));

const latitudeField = z
  .number({ error: 'Latitude must be a number.' })
  .min(-90, { error: 'Latitude must be between -90 and 90.' })
  .max(90, { error: 'Latitude must be between -90 and 90.' });
const longitudeField = z
  .number({ error: 'Longitude must be a number.' })
  .min(-180, { error: 'Longitude must be between -180 and 180.' })
  .max(180, { error: 'Longitude must be between -180 and 180.' });

/** The store's profile as the owner edits it (onboarding step 1 and 2, settings' Profile). */
export const storeProfileShape = {
  name: storeNameSchema,
  kind: businessKindSchema,
  type: storeTypeSchema,
  description: safeText()
    .trim()
    .max(2000, { error: 'Description must be at most 2000 characters.' })
    .default(''),
  address: storeAddressSchema,
  lat: latitudeField,
  lng: longitudeField,
  phone: phoneSchema,
  email: storeEmailSchema,
  website: websiteSchema,
  currency: currencyCodeSchema.default(DEFAULT_STORE_CURRENCY),
};

/** Weekly hours and holiday closures in the store's time zone (America/Toronto unless given). */
export const storeHoursSchema = openingHoursSchema.extend({
  timeZone: timeZoneSchema.default(DEFAULT_STORE_TIME_ZONE),
  holidays: openingHoursSchema.shape.holidays.default([]),
});
export type StoreHoursInput = z.input<typeof storeHoursSchema>;

/** An amount the store sets that may be 0 (free delivery, no minimum) but never below. */
function notNegativeMoney(error: string) {
  return moneySchema.extend({ amount: storedMinorUnitsSchema.min(0, { error }) });
}

/** Delivery terms as the owner sets them: the shopper's shape, with amounts that cannot go negative. */
export const storeDeliverySettingsSchema = deliverySettingsSchema.extend({
  fee: notNegativeMoney(storeMessages.deliveryFeeNegative),
  minimumOrder: notNegativeMoney(storeMessages.minimumOrderNegative),
});

const fulfilmentShape = {
  fulfilment: fulfilmentFlagsSchema,
  /** Required when same-day delivery is offered; null otherwise. */
  delivery: storeDeliverySettingsSchema.nullable().default(null),
  /** Minutes until an order is usually ready; required when a pickup option is offered. */
  pickupReadyMinutes: z
    .number({ error: 'Pickup-ready time must be a number of minutes.' })
    .int({ error: 'Pickup-ready time must be whole minutes.' })
    .min(5, { error: 'Pickup-ready time must be at least 5 minutes.' })
    .max(MAX_PICKUP_READY_MINUTES, { error: 'Pickup-ready time must be at most 7 days.' })
    .nullable()
    .default(null),
  /**
   * Minutes after an order's ready-by time the store holds it before it may mark a no-show
   * (issue 15); null = the terms' default (NO_SHOW_HOLD_MINUTES_DEFAULT); absent = unchanged.
   */
  noShowHoldMinutes: z
    .number({ error: storeOrderMessages.noShowHoldInvalid })
    .int({ error: storeOrderMessages.noShowHoldInvalid })
    .min(0, { error: storeOrderMessages.noShowHoldInvalid })
    .max(NO_SHOW_HOLD_MINUTES_MAX, { error: storeOrderMessages.noShowHoldInvalid })
    .nullable()
    .optional(),
  taxRateBps: z
    .number({ error: 'Tax rate must be a number.' })
    .int({ error: 'Enter the tax rate with at most two decimals, like 13 or 9.97.' })
    .min(0, { error: 'Tax rate cannot be negative.' })
    .max(MAX_TAX_RATE_BPS, { error: 'Tax rate must be at most 30 %.' })
    .default(DEFAULT_TAX_RATE_BPS),
};

interface FulfilmentFields {
  fulfilment: z.output<typeof fulfilmentFlagsSchema>;
  delivery: z.output<typeof deliverySettingsSchema> | null;
  pickupReadyMinutes: number | null;
}

/** The rules between fulfilment fields; added to every schema holding them. */
function checkFulfilment(value: FulfilmentFields, ctx: z.RefinementCtx) {
  if (value.fulfilment.sameDayDelivery && !value.delivery) {
    ctx.addIssue({
      code: 'custom',
      path: ['delivery'],
      message: 'Same-day delivery needs a radius, fee, minimum order and cut-off time',
    });
  }
  const pickup = value.fulfilment.reservePickup || value.fulfilment.buyOnlinePickup;
  if (pickup && value.pickupReadyMinutes === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['pickupReadyMinutes'],
      message: 'Pickup needs a pickup-ready time in minutes',
    });
  }
  if (value.delivery && value.delivery.fee.currency !== value.delivery.minimumOrder.currency) {
    ctx.addIssue({
      code: 'custom',
      path: ['delivery', 'minimumOrder', 'currency'],
      message: 'Delivery fee and minimum order must be in the same currency',
    });
  }
}

/** PUT fulfilment: the options shoppers get, delivery terms, pickup promise and tax. */
export const storeFulfilmentRequest = z.object(fulfilmentShape).superRefine(checkFulfilment);
export type StoreFulfilmentRequest = z.input<typeof storeFulfilmentRequest>;

/** POST businesses: onboarding creates a store (pending until an admin approves it). */
export const createStoreRequest = z
  .object({ ...storeProfileShape, hours: storeHoursSchema, ...fulfilmentShape })
  .superRefine((value, ctx) => {
    checkFulfilment(value, ctx);
    if (value.delivery) {
      for (const part of ['fee', 'minimumOrder'] as const) {
        if (value.delivery[part].currency !== value.currency) {
          ctx.addIssue({
            code: 'custom',
            path: ['delivery', part, 'currency'],
            message: `Delivery amounts must be in the store's currency (${value.currency})`,
          });
        }
      }
    }
  });
export type CreateStoreRequest = z.input<typeof createStoreRequest>;
export type CreateStoreInput = z.output<typeof createStoreRequest>;

export const createdStoreSchema = z.object({
  id: z.uuid(),
  status: z.enum(BUSINESS_STATUSES),
});
export const createStoreResponse = envelopeSchema(
  successEnvelopeSchema({ result: createdStoreSchema }),
);

/** PATCH business: any subset of the profile, plus images and the store code. */
export const updateStoreRequest = z
  .object({
    ...storeProfileShape,
    description: storeProfileShape.description.unwrap(),
    currency: currencyCodeSchema,
    logo: imageSchema,
    cover: imageSchema,
    storeCode: storeCodeSchema,
  })
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    error: 'Nothing to change: send at least one field.',
  });
export type UpdateStoreRequest = z.input<typeof updateStoreRequest>;

/** PUT hours: the whole week and the holiday closures. */
export const storeHoursRequest = storeHoursSchema;

/** PUT pause: no new orders until `until` (the future, at most STORE_PAUSE_MAX_DAYS away). */
export const pauseStoreRequest = z.object({
  until: z.iso.datetime({ offset: true, error: 'Choose the date and time to pause until.' }),
});
export type PauseStoreRequest = z.input<typeof pauseStoreRequest>;

// ---------------------------------------------------------------------------------------------
// Answers

/** The store as its members see it on the manage site: every editable field and its state. */
export const managedStoreDetailSchema = z.object({
  id: z.uuid(),
  slug: safeText(),
  storeCode: safeText(),
  name: safeText(),
  kind: businessKindSchema,
  type: safeText(),
  description: safeText(),
  logo: imageSchema,
  cover: imageSchema,
  address: z.object({
    line1: safeText(),
    line2: safeText().nullable(),
    city: safeText(),
    region: safeText(),
    postalCode: safeText(),
    country: safeText(),
  }),
  lat: z.number(),
  lng: z.number(),
  phone: safeText(),
  email: safeText(),
  website: safeText().nullable(),
  currency: safeText(),
  hours: openingHoursSchema,
  fulfilment: fulfilmentFlagsSchema,
  delivery: deliverySettingsSchema.nullable(),
  pickupReadyMinutes: z.number().int().nullable(),
  /** The store's no-show hold window; null = the terms' default (issue 15). */
  noShowHoldMinutes: z.number().int().nullable(),
  taxRateBps: z.number().int(),
  status: z.enum(BUSINESS_STATUSES),
  reviewNote: safeText().nullable(),
  reviewedAt: isoDateTimeSchema.nullable(),
  submittedAt: isoDateTimeSchema.nullable(),
  pausedUntil: isoDateTimeSchema.nullable(),
  /** The caller's access: their member role, or admin. */
  access: z.enum([...MEMBER_ROLES, 'admin']),
});
export type ManagedStoreDetail = z.infer<typeof managedStoreDetailSchema>;
export const managedStoreResponse = envelopeSchema(
  successEnvelopeSchema({ result: managedStoreDetailSchema }),
);

export const storeDocumentSchema = z.object({
  id: z.uuid(),
  filename: safeText(),
  type: z.enum(STORE_DOCUMENT_TYPES),
  size: z.number().int().nonnegative(),
  uploadedAt: isoDateTimeSchema,
});
export type StoreDocument = z.infer<typeof storeDocumentSchema>;
export const storeDocumentListResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(storeDocumentSchema) }),
);
export const storeDocumentResponse = envelopeSchema(
  successEnvelopeSchema({ result: storeDocumentSchema }),
);

export const storeMemberSchema = z.object({
  userId: z.uuid(),
  name: safeText(),
  email: safeText(),
  role: z.enum(MEMBER_ROLES),
  since: isoDateTimeSchema,
});
export type StoreMember = z.infer<typeof storeMemberSchema>;
export const storeMemberListResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(storeMemberSchema) }),
);

/** POST members: add someone by the email of their Localmart account. */
export const addStoreMemberRequest = z.object({
  email: storeEmailSchema,
  role: z.enum(MEMBER_ROLES, { error: `role must be one of ${MEMBER_ROLES.join(', ')}.` }),
});
export type AddStoreMemberRequest = z.input<typeof addStoreMemberRequest>;

/** An answer with only a message (pause, submit, add member, remove member). */
export const storeMessageResponse = envelopeSchema(successEnvelopeSchema({}));
