import { z } from 'zod';
import { OPEN_STATE_WORDS } from '../opening-hours.ts';
import { clockTimeSchema, openingHoursSchema } from './opening-hours.ts';
import {
  businessKindSchema,
  catalogIdSchema,
  catalogItemResponse,
  catalogListResponse,
  catalogPageResponse,
  categoryRefSchema,
  currencyCodeSchema,
  distanceKmSchema,
  imageSchema,
  isoDateTimeSchema,
  latitudeSchema,
  longitudeSchema,
  moneySchema,
  pickupPromiseSchema,
  slugSchema,
} from './common.ts';
import { safeText } from '../../schemas/safe-input.ts';
import { ratingSummarySchema } from '../../reviews/rating.ts';

/**
 * The open state as of the answer, in pieces so a screen can colour the status
 * ("Open now" green, "Closed" red) and print the detail beside it. See openStateLabel.
 */
export const openStateSchema = z.object({
  open: z.boolean(),
  status: z.enum([OPEN_STATE_WORDS.open, OPEN_STATE_WORDS.closed, OPEN_STATE_WORDS.allDay]),
  detail: safeText().nullable(),
  text: safeText(),
  changesAt: isoDateTimeSchema.nullable(),
});
export type OpenState = z.infer<typeof openStateSchema>;

/** What a shopper can do with this business's items: the buttons an offer shows. */
export const fulfilmentFlagsSchema = z.object({
  reservePickup: z.boolean(),
  buyOnlinePickup: z.boolean(),
  sameDayDelivery: z.boolean(),
});
export type FulfilmentFlags = z.infer<typeof fulfilmentFlagsSchema>;

/** Same-day delivery terms; `cutoffTime` is local ('15:00': orders after it arrive the next day). */
export const deliverySettingsSchema = z.object({
  radiusKm: z.number().positive().max(100),
  fee: moneySchema,
  minimumOrder: moneySchema,
  cutoffTime: clockTimeSchema,
});
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;

/** A business as other records embed it (offer rows, menus, flyers). */
export const businessRefSchema = z.object({
  id: catalogIdSchema,
  slug: slugSchema,
  name: safeText(),
  kind: businessKindSchema,
  logo: imageSchema,
  addressLine: safeText(),
  lat: latitudeSchema,
  lng: longitudeSchema,
  openState: openStateSchema,
});
export type BusinessRef = z.infer<typeof businessRefSchema>;

/** A store card in the Stores list (home). */
export const businessSummarySchema = businessRefSchema.extend({
  cover: imageSchema,
  distanceKm: distanceKmSchema,
  categories: z.array(categoryRefSchema),
  pickupPromise: pickupPromiseSchema,
  fulfilment: fulfilmentFlagsSchema,
  /** Verified reviews' average and count (ADR 0016); null before the first; absent from old servers. */
  rating: ratingSummarySchema.nullable().optional(),
  /** Median minutes to accept or decline an order over 30 days; null with too few answers. */
  answerMinutes: z.number().nonnegative().nullable().optional(),
});
export type BusinessSummary = z.infer<typeof businessSummarySchema>;

export const postalAddressSchema = z.object({
  line1: safeText(),
  line2: safeText().nullable(),
  city: safeText(),
  region: safeText(),
  postalCode: safeText(),
  /** ISO 3166-1 alpha-2 */
  country: safeText().length(2),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;

/** How many of each the business has: the tabs of business-details/{id}/{endpoint} to show. */
export const businessSectionCountsSchema = z.object({
  products: z.number().int().nonnegative(),
  menus: z.number().int().nonnegative(),
  services: z.number().int().nonnegative(),
  flyers: z.number().int().nonnegative(),
  team: z.number().int().nonnegative(),
  gallery: z.number().int().nonnegative(),
});

/** business-details and contacts: the summary plus hours, contact and fulfilment terms. */
export const businessDetailSchema = businessSummarySchema.extend({
  description: safeText(),
  address: postalAddressSchema,
  phone: safeText(),
  email: z.email(),
  website: safeText().nullable(),
  currency: currencyCodeSchema,
  /** Weekly hours, holiday closures and the IANA time zone they are read in. */
  hours: openingHoursSchema,
  /** Null when the business offers no pickup; else minutes until an order is usually ready. */
  pickupReadyMinutes: z.number().int().positive().nullable(),
  delivery: deliverySettingsSchema.nullable(),
  counts: businessSectionCountsSchema,
});
export type BusinessDetail = z.infer<typeof businessDetailSchema>;

/** teams / team-details: a member of the business's staff. */
export const teamMemberSchema = z.object({
  id: catalogIdSchema,
  businessId: catalogIdSchema,
  name: safeText(),
  role: safeText(),
  photo: imageSchema,
  bio: safeText(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

const galleryBase = z.object({
  id: catalogIdSchema,
  businessId: catalogIdSchema,
  caption: safeText(),
});

/** gallery / media-viewer: photos and videos of the business. A video always has a poster image. */
export const galleryItemSchema = z.discriminatedUnion('type', [
  galleryBase.extend({ type: z.literal('image'), image: imageSchema }),
  galleryBase.extend({
    type: z.literal('video'),
    poster: imageSchema,
    video: z.object({
      url: safeText().min(1),
      mimeType: safeText(),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      durationSeconds: z.number().positive(),
    }),
  }),
]);
export type GalleryItem = z.infer<typeof galleryItemSchema>;

export const businessListResponse = catalogPageResponse(businessSummarySchema);
export type BusinessListResponse = z.infer<typeof businessListResponse>;
export const businessDetailResponse = catalogItemResponse(businessDetailSchema);
export type BusinessDetailResponse = z.infer<typeof businessDetailResponse>;
export const teamResponse = catalogListResponse(teamMemberSchema);
export type TeamResponse = z.infer<typeof teamResponse>;
export const teamMemberResponse = catalogItemResponse(teamMemberSchema);
export type TeamMemberResponse = z.infer<typeof teamMemberResponse>;
export const galleryResponse = catalogListResponse(galleryItemSchema);
export type GalleryResponse = z.infer<typeof galleryResponse>;
