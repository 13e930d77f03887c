import { API_BASE } from '../api-paths.ts';
import { ADMIN_API, MANAGE_API } from '../manage/manage-paths.ts';

const id = (value: string) => encodeURIComponent(value);

/** Review API paths: the shopper's form and reviews, the public lists, the store's and admin's. */
export const reviewPaths = {
  /** GET: a completed order's "Rate your order" form (the store and each item, with own reviews). */
  orderReviewForm: (orderId: string) => `${API_BASE}/orders/${id(orderId)}/reviews`,
  /** PUT {orderId, subject, stars, text, photoId}: create or edit one's review of a subject. */
  reviews: `${API_BASE}/reviews`,
  /** POST multipart `photo`: a review photo into our media store; answers its id and URL. */
  photos: `${API_BASE}/reviews/photos`,
  /** GET: the signed-in shopper's reviews, removed ones with the reason. */
  mine: `${API_BASE}/reviews/mine`,
  /** GET ?cursor: a store's visible reviews, newest first (public). */
  storeReviews: (businessId: string) => `${API_BASE}/businesses/${id(businessId)}/reviews`,
  /** GET ?cursor: a product's visible reviews, newest first (public). */
  productReviews: (productId: string) => `${API_BASE}/products/${id(productId)}/reviews`,
  /** GET: the store's reviews (of the store and of what was bought there), for members. */
  manageReviews: (businessId: string) => `${MANAGE_API}/businesses/${id(businessId)}/reviews`,
  /** POST {text}: the store's one reply (owner). */
  manageReply: (businessId: string, reviewId: string) =>
    `${MANAGE_API}/businesses/${id(businessId)}/reviews/${id(reviewId)}/reply`,
  /** GET: the newest reviews of every store, removed ones included (platform admins). */
  adminReviews: `${ADMIN_API}/reviews`,
  /** POST {reason}: remove a review (platform admins). */
  adminRemoval: (reviewId: string) => `${ADMIN_API}/reviews/${id(reviewId)}/removal`,
} as const;
