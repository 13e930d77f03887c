/**
 * Verified reviews (issue 17, ADR 0016): what can be rated, the limits of a review, and when a store's
 * answer time is worth saying.
 */

/** A store, or what was bought in it: a product, a dish (menu item) or a service. */
export const REVIEW_SUBJECT_KINDS = ['store', 'product', 'menu_item', 'service'] as const;
export type ReviewSubjectKind = (typeof REVIEW_SUBJECT_KINDS)[number];

export const REVIEW_STARS_MIN = 1;
export const REVIEW_STARS_MAX = 5;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 1000;
export const REVIEW_REMOVAL_REASON_MAX = 500;

/** A review photo: one image of our own media store, as small as a profile picture. */
export const REVIEW_PHOTO_FIELD = 'photo';
export const REVIEW_PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/** Reviews per page of a store's or product's list. */
export const REVIEW_PAGE_SIZE = 20;

/**
 * The answer-time badge: the median minutes from an order being placed to the store accepting or
 * declining it, over the orders placed in the last ANSWER_TIME_WINDOW_DAYS, said only when at least
 * ANSWER_TIME_MIN_SAMPLE orders were answered (fewer say nothing true).
 */
export const ANSWER_TIME_WINDOW_DAYS = 30;
export const ANSWER_TIME_MIN_SAMPLE = 5;
