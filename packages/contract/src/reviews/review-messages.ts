import {
  REVIEW_REMOVAL_REASON_MAX,
  REVIEW_REPLY_MAX,
  REVIEW_STARS_MAX,
  REVIEW_STARS_MIN,
  REVIEW_TEXT_MAX,
} from './review-constants.ts';

/** Every sentence people read about reviews: the shopper's, the store's and the admin's. */
export const reviewMessages = {
  formLoaded: 'Your order is ready to rate',
  reviewsLoaded: 'Reviews loaded',
  reviewSaved: 'Thanks! Your review is published.',
  reviewUpdated: 'Your review is updated.',
  photoSaved: 'Photo added',
  replySaved: 'Your reply is published.',
  reviewRemoved: 'The review is removed and its author can see why.',
  // eligibility
  orderNotFound: 'That order was not found.',
  orderNotCompleted:
    'You can rate this order once it is completed (picked up, delivered or attended).',
  notBought: 'You can only rate what you bought in this order.',
  noCompletedOrder: 'Only shoppers who completed an order from this store can review it.',
  reviewRemovedNoEdit: 'This review was removed by Localmart and can no longer be changed.',
  // the review itself
  starsRange: `Choose between ${REVIEW_STARS_MIN} and ${REVIEW_STARS_MAX} stars.`,
  textTooLong: `Keep your review under ${REVIEW_TEXT_MAX} characters.`,
  photoNotYours: 'That photo was not found. Please add it again.',
  photoMissing: 'Choose a photo to add.',
  photoTooLarge: 'That photo is too large. Please choose one under 2 MB.',
  photoType: 'That file is not a photo we can show. Please choose a JPEG, PNG or WebP image.',
  photoNotMultipart: 'Send the photo as a file upload.',
  // the store's reply
  replyEmpty: 'Write a reply before sending it.',
  replyTooLong: `Keep your reply under ${REVIEW_REPLY_MAX} characters.`,
  alreadyReplied: 'Your store has already replied to this review. A store replies once.',
  reviewNotFound: 'That review was not found.',
  // the admin's removal
  reasonEmpty: 'Say why the review is removed; its author reads it.',
  reasonTooLong: `Keep the reason under ${REVIEW_REMOVAL_REASON_MAX} characters.`,
  alreadyRemoved: 'That review is already removed.',
} as const;
