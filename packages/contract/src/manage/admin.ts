import { z } from 'zod';
import { successEnvelopeSchema } from '../envelope.ts';
import {
  deliverySettingsSchema,
  fulfilmentFlagsSchema,
  postalAddressSchema,
} from '../catalog/schemas/business.ts';
import { businessKindSchema, isoDateTimeSchema, moneySchema } from '../catalog/schemas/common.ts';
import { openingHoursSchema } from '../catalog/schemas/opening-hours.ts';
import { BUSINESS_STATUSES } from './manage-roles.ts';
import { safeText } from '../schemas/safe-input.ts';

/**
 * Platform admin (Manage Your Store): reviewing new stores before shoppers see them, and editing the
 * CMS pages of the app's side menu. Paths: managePaths.admin*.
 */

/** The admin review queue: how many stores one page lists. */
export const ADMIN_BUSINESSES_PAGE_SIZE = 50;
/** A rejection's note is emailed to the owner: short enough for one email paragraph. */
export const ADMIN_REVIEW_NOTE_MAX = 1000;
/** A CMS page's title and HTML limits (the HTML is sanitised before it is stored). */
export const ADMIN_PAGE_TITLE_MAX = 120;
export const ADMIN_PAGE_HTML_MAX = 200_000;

export const adminMessages = {
  approved: 'The store is published: shoppers can see it now.',
  rejected: 'Changes requested: the owner has been emailed your note.',
  alreadyPublished: 'This store is already published.',
  noteRequired: 'Write a note telling the owner what to change.',
  documentNotFound: 'Document not found.',
  pageNotFound: 'Page not found.',
  pageSaved: 'Page saved.',
  paymentActionNotFound: 'Payment call not found.',
  paymentActionAlreadyDone: 'This payment call has already gone through.',
  paymentActionDone: 'The payment call went through.',
  paymentActionStillFailing: (error: string) =>
    `The payment provider refused again (${error}). It will be retried automatically.`,
  mailJobNotFound: 'Mail not found, or already sent.',
  mailJobQueued: 'Queued again: it goes out within seconds if the mail server answers.',
} as const;

/**
 * What shoppers are told when a store cannot take their order: not published (pending approval or
 * rejected: shown to nobody), or paused by its owner until a date.
 */
export const storeAvailabilityMessages = {
  notAvailable: 'This store is not available on Localmart.',
  paused: (storeName: string, until: string) =>
    `${storeName} is paused until ${until} and takes no orders until then.`,
} as const;

export const adminBusinessesQuery = z.object({
  status: z
    .enum(BUSINESS_STATUSES, { error: 'status must be pending, published or rejected' })
    .default('pending'),
  /** The `nextCursor` of the previous page (opaque). */
  cursor: safeText().max(200).optional(),
});
export type AdminBusinessesQuery = z.infer<typeof adminBusinessesQuery>;

export const adminOwnerSchema = z.object({
  id: z.uuid(),
  name: safeText(),
  email: safeText(),
});
export type AdminOwner = z.infer<typeof adminOwnerSchema>;

/** One row of the review queue. */
export const adminBusinessRowSchema = z.object({
  id: z.uuid(),
  name: safeText(),
  kind: businessKindSchema,
  type: safeText(),
  addressLine: safeText(),
  owner: adminOwnerSchema.nullable(),
  submittedAt: isoDateTimeSchema.nullable(),
  status: z.enum(BUSINESS_STATUSES),
  documentsCount: z.number().int().nonnegative(),
});
export type AdminBusinessRow = z.infer<typeof adminBusinessRowSchema>;

export const adminBusinessesPageSchema = z.object({
  items: z.array(adminBusinessRowSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: safeText().nullable(),
});
export type AdminBusinessesPage = z.infer<typeof adminBusinessesPageSchema>;
export const adminBusinessesResponse = successEnvelopeSchema({ result: adminBusinessesPageSchema });

export const adminDocumentSchema = z.object({
  id: z.uuid(),
  filename: safeText(),
  contentType: safeText(),
  byteSize: z.number().int().nonnegative(),
  createdAt: isoDateTimeSchema,
});
export type AdminDocument = z.infer<typeof adminDocumentSchema>;

/** Everything an admin needs to decide on a store. */
export const adminBusinessDetailSchema = adminBusinessRowSchema.extend({
  slug: safeText(),
  storeCode: safeText(),
  description: safeText(),
  address: postalAddressSchema,
  lat: z.number(),
  lng: z.number(),
  phone: safeText(),
  email: safeText(),
  website: safeText().nullable(),
  currency: safeText(),
  hours: openingHoursSchema,
  fulfilment: fulfilmentFlagsSchema,
  pickupReadyMinutes: z.number().int().nullable(),
  delivery: deliverySettingsSchema.nullable(),
  taxRateBps: z.number().int(),
  pausedUntil: isoDateTimeSchema.nullable(),
  reviewNote: safeText().nullable(),
  reviewedAt: isoDateTimeSchema.nullable(),
  reviewedBy: adminOwnerSchema.nullable(),
  createdAt: isoDateTimeSchema,
  documents: z.array(adminDocumentSchema),
});
export type AdminBusinessDetail = z.infer<typeof adminBusinessDetailSchema>;
export const adminBusinessResponse = successEnvelopeSchema({ result: adminBusinessDetailSchema });

export const ADMIN_DECISIONS = ['approve', 'reject'] as const;
export type AdminDecision = (typeof ADMIN_DECISIONS)[number];

export const adminReviewRequest = z
  .object({
    decision: z.enum(ADMIN_DECISIONS, { error: 'decision must be approve or reject' }),
    note: safeText({ error: 'note must be text' })
      .trim()
      .max(ADMIN_REVIEW_NOTE_MAX, {
        error: `note must be at most ${ADMIN_REVIEW_NOTE_MAX} characters`,
      })
      .optional(),
  })
  .refine((review) => review.decision !== 'reject' || (review.note ?? '') !== '', {
    error: adminMessages.noteRequired,
    path: ['note'],
  });
export type AdminReviewRequest = z.infer<typeof adminReviewRequest>;

export const adminPageSummarySchema = z.object({
  id: z.uuid(),
  /** The page's slug (page_id in the shopper API). */
  slug: safeText(),
  title: safeText(),
  published: z.boolean(),
  updatedAt: isoDateTimeSchema,
});
export type AdminPageSummary = z.infer<typeof adminPageSummarySchema>;
export const adminPagesResponse = successEnvelopeSchema({
  results: z.array(adminPageSummarySchema),
});

export const adminPageSchema = adminPageSummarySchema.extend({
  /** Sanitised HTML, as stored and as shoppers get it. */
  html: safeText(),
});
export type AdminPage = z.infer<typeof adminPageSchema>;
export const adminPageResponse = successEnvelopeSchema({ result: adminPageSchema });

export const adminPageRequest = z.object({
  title: safeText({ error: 'title is required' })
    .trim()
    .min(1, { error: 'title is required' })
    .max(ADMIN_PAGE_TITLE_MAX, {
      error: `title must be at most ${ADMIN_PAGE_TITLE_MAX} characters`,
    }),
  html: safeText({ error: 'html is required' }).max(ADMIN_PAGE_HTML_MAX, {
    error: `html must be at most ${ADMIN_PAGE_HTML_MAX} characters`,
  }),
});
export type AdminPageRequest = z.infer<typeof adminPageRequest>;

/** What an order change owed the payment provider (commerce: payment_actions). */
export const PAYMENT_ACTION_KINDS = ['void', 'refund', 'capture', 'adjust'] as const;
export type PaymentActionKind = (typeof PAYMENT_ACTION_KINDS)[number];
export const PAYMENT_ACTION_LABELS = {
  void: 'Release the card hold',
  refund: 'Refund the charge',
  capture: 'Capture at pickup',
  adjust: 'Give back the changed lines',
} as const satisfies Record<PaymentActionKind, string>;

/** A provider call in trouble: `pending` waits for its next automatic try, `failed` was given up. */
export const adminPaymentActionSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  orderNumber: safeText(),
  businessId: z.uuid(),
  storeName: safeText(),
  action: z.enum(PAYMENT_ACTION_KINDS),
  status: z.enum(['pending', 'failed']),
  amount: moneySchema,
  attempts: z.number().int().nonnegative(),
  lastError: safeText().nullable(),
  nextAttemptAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type AdminPaymentAction = z.infer<typeof adminPaymentActionSchema>;
export const adminPaymentActionsResponse = successEnvelopeSchema({
  results: z.array(adminPaymentActionSchema),
});
/**
 * An email the queue could not deliver yet: `retry` waits for its next automatic try (attempts so
 * far, the mail server's last answer), `failed` was given up after the last one. The body is never
 * listed (it may carry a code or a reset link).
 */
export const adminMailJobSchema = z.object({
  id: z.uuid(),
  to: safeText(),
  subject: safeText(),
  status: z.enum(['retry', 'failed']),
  attempts: z.number().int().nonnegative(),
  lastError: safeText().nullable(),
  nextAttemptAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type AdminMailJob = z.infer<typeof adminMailJobSchema>;
export const adminMailJobsResponse = successEnvelopeSchema({
  results: z.array(adminMailJobSchema),
});
/** Queued again: the message says so. */
export const adminMailJobRetryResponse = successEnvelopeSchema({});

/** The answer's message says what happened; `done` is false when the provider refused again. */
export const adminPaymentActionRetryResponse = successEnvelopeSchema({
  result: z.object({ done: z.boolean() }),
});
