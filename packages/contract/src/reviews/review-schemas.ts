import { z } from 'zod';
import { catalogIdSchema, imageSchema, isoDateTimeSchema } from '../catalog/schemas/common.ts';
import { envelopeSchema, successEnvelopeSchema } from '../envelope.ts';
import { safeText } from '../schemas/safe-input.ts';
import {
  REVIEW_REMOVAL_REASON_MAX,
  REVIEW_REPLY_MAX,
  REVIEW_STARS_MAX,
  REVIEW_STARS_MIN,
  REVIEW_SUBJECT_KINDS,
  REVIEW_TEXT_MAX,
} from './review-constants.ts';
import { reviewMessages as m } from './review-messages.ts';
import { ratingSummarySchema } from './rating.ts';

export const reviewSubjectKindSchema = z.enum(REVIEW_SUBJECT_KINDS);

/** What a review is about: a store or an item, by id, with its name as the shopper saw it. */
export const reviewSubjectSchema = z.object({
  kind: reviewSubjectKindSchema,
  id: catalogIdSchema,
  title: z.string(),
});
export type ReviewSubject = z.infer<typeof reviewSubjectSchema>;

export const reviewReplySchema = z.object({ text: z.string(), at: isoDateTimeSchema });

/** A review as everybody reads it: stars, text, photo, who wrote it (display name), the store's reply. */
export const reviewSchema = z.object({
  id: catalogIdSchema,
  subject: reviewSubjectSchema,
  business: z.object({ id: catalogIdSchema, name: z.string() }),
  stars: z.number().int().min(REVIEW_STARS_MIN).max(REVIEW_STARS_MAX),
  text: z.string(),
  /** Our own media URL (/api/v1/media/…), never an outside address. */
  photoUrl: z.string().nullable(),
  authorName: z.string(),
  createdAt: isoDateTimeSchema,
  /** Set when the author changed it after publishing. */
  editedAt: isoDateTimeSchema.nullable(),
  reply: reviewReplySchema.nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** The author's and the admin's view: a removed review says when and why. */
export const ownReviewSchema = reviewSchema.extend({
  removed: z.object({ reason: z.string(), at: isoDateTimeSchema }).nullable(),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** "Rate your order": the store and each item bought, each with the shopper's review if any. */
export const reviewFormSchema = z.object({
  order: z.object({
    id: catalogIdSchema,
    number: z.string(),
    business: z.object({ id: catalogIdSchema, name: z.string() }),
  }),
  targets: z.array(
    z.object({
      subject: reviewSubjectSchema,
      image: imageSchema.nullable(),
      review: ownReviewSchema.nullable(),
    }),
  ),
});
export type ReviewForm = z.infer<typeof reviewFormSchema>;

const starsField = z
  .number({ error: m.starsRange })
  .int({ error: m.starsRange })
  .min(REVIEW_STARS_MIN, { error: m.starsRange })
  .max(REVIEW_STARS_MAX, { error: m.starsRange });

/** PUT reviews: one review per shopper and subject; sending it again edits it. */
export const saveReviewRequest = z.strictObject({
  /**
   * The completed order that proves the purchase (the "Rate your order" form sends it); without it
   * the server looks for the shopper's latest completed order holding the subject.
   */
  orderId: catalogIdSchema.optional(),
  subject: z.strictObject({ kind: reviewSubjectKindSchema, id: catalogIdSchema }),
  stars: starsField,
  text: safeText(undefined, { label: 'your review' }).max(REVIEW_TEXT_MAX, {
    error: m.textTooLong,
  }),
  /** A photo uploaded through reviewPaths.photos by this shopper, or null for none. */
  photoId: catalogIdSchema.nullable(),
});
export type SaveReviewRequest = z.infer<typeof saveReviewRequest>;

export const reviewReplyRequest = z.strictObject({
  text: safeText(undefined, { label: 'your reply' })
    .trim()
    .min(1, { error: m.replyEmpty })
    .max(REVIEW_REPLY_MAX, { error: m.replyTooLong }),
});
export type ReviewReplyRequest = z.infer<typeof reviewReplyRequest>;

export const reviewRemovalRequest = z.strictObject({
  reason: safeText(undefined, { label: 'the reason' })
    .trim()
    .min(1, { error: m.reasonEmpty })
    .max(REVIEW_REMOVAL_REASON_MAX, { error: m.reasonTooLong }),
});
export type ReviewRemovalRequest = z.infer<typeof reviewRemovalRequest>;

export const reviewListQuery = z.strictObject({ cursor: safeText().max(200).optional() });

export const reviewFormResponse = envelopeSchema(
  successEnvelopeSchema({ result: reviewFormSchema }),
);
export const ownReviewResponse = envelopeSchema(successEnvelopeSchema({ result: ownReviewSchema }));
export const ownReviewListResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(ownReviewSchema) }),
);
/** A page of a store's or product's reviews, with its rating. */
export const reviewPageResponse = envelopeSchema(
  successEnvelopeSchema({
    result: z.object({ rating: ratingSummarySchema.nullable() }),
    results: z.array(reviewSchema),
  }).extend({ nextCursor: z.string().nullable() }),
);
export type ReviewPageResponse = z.infer<typeof reviewPageResponse>;
export const reviewResponse = envelopeSchema(successEnvelopeSchema({ result: reviewSchema }));
export const reviewListResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(reviewSchema) }),
);
export const reviewPhotoResponse = envelopeSchema(
  successEnvelopeSchema({ result: z.object({ id: catalogIdSchema, url: z.string() }) }),
);
