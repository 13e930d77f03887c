/** Business constants of the commerce issue, in one place for server, screens and tests. */

/** The most of one line a shopper can put in the cart (and the quantity stepper's top). */
export const CART_LINE_MAX_QUANTITY = 20;
/** Lines per cart: a cart is a shopping trip, not a warehouse. */
export const CART_MAX_LINES = 50;
/** An approved price match applies to the shopper's orders of that item for this long. */
export const PRICE_MATCH_VALID_DAYS = 7;
/** Pickup codes: short, read aloud at the counter; no 0/O or 1/I to misread. */
export const PICKUP_CODE_LENGTH = 6;
export const PICKUP_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** Orders waiting for the payment provider this long without an answer are released. */
export const PAYMENT_PENDING_TIMEOUT_MINUTES = 30;
/** Idempotency keys are client-made UUIDs or similar: long enough to be unique, short enough to index. */
export const IDEMPOTENCY_KEY_MIN_LENGTH = 16;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;
/** Request header that carries the key when the body does not. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** The text a pickup QR code holds: the order id and its code, so a scan finds the order. */
export function pickupQrPayload(orderId: string, pickupCode: string): string {
  return `localmart:pickup:${orderId}:${pickupCode}`;
}

/** Percent coupons count in basis points (1000 = 10 %); fixed ones in minor units. */
export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
