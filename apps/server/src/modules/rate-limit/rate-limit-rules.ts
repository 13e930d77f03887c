/**
 * Every rate limit of the app in one table (docs/decisions/0004: limits per IP and per email on
 * every credential endpoint). Windows are fixed; RATE_LIMIT_MULTIPLIER scales every `limit`.
 * The per-email keys count attempts against one account whatever the address, so spreading a
 * password guess over many IPs does not help; the per-IP keys stop one client spraying many emails.
 */
export interface Limit {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitRule {
  /** Prefix of the counter keys. */
  name: string;
  perIp?: Limit;
  /** Keyed on the request body's `email`, normalised (lower-case, no spaces). */
  perEmail?: Limit;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const rateLimitRules = {
  login: {
    name: 'login',
    perIp: { limit: 50, windowSeconds: 15 * MINUTE },
    perEmail: { limit: 10, windowSeconds: 15 * MINUTE },
  },
  registration: {
    name: 'registration',
    perIp: { limit: 20, windowSeconds: HOUR },
    perEmail: { limit: 5, windowSeconds: HOUR },
  },
  // Codes die after CODE_MAX_ATTEMPTS wrong tries anyway; this stops cycling resend + guess.
  otpVerification: {
    name: 'otp-verification',
    perIp: { limit: 50, windowSeconds: 15 * MINUTE },
    perEmail: { limit: 15, windowSeconds: 15 * MINUTE },
  },
  resendOtp: {
    name: 'resend-otp',
    perIp: { limit: 20, windowSeconds: HOUR },
    perEmail: { limit: 5, windowSeconds: HOUR },
  },
  forgotPassword: {
    name: 'forgot-password',
    perIp: { limit: 20, windowSeconds: HOUR },
    perEmail: { limit: 5, windowSeconds: HOUR },
  },
  // The email of a Google payload is the client's word, not a key worth counting.
  handleGoogle: { name: 'google', perIp: { limit: 30, windowSeconds: 15 * MINUTE } },
  // The demo googleLogin fallback (dev only) mints an account per call: login's per-IP limit.
  googleDemoLogin: { name: 'google-demo', perIp: { limit: 50, windowSeconds: 15 * MINUTE } },
  // Not in the list, but they take a secret: a reset token, a current password.
  resetPassword: { name: 'reset-password', perIp: { limit: 20, windowSeconds: 15 * MINUTE } },
  changePassword: { name: 'change-password', perIp: { limit: 10, windowSeconds: 15 * MINUTE } },
  // A store's contact form sends mail to the store: no spraying shops from one client or address.
  businessContact: {
    name: 'business-contact',
    perIp: { limit: 10, windowSeconds: HOUR },
    perEmail: { limit: 5, windowSeconds: HOUR },
  },
  // Commerce: signed-in shoppers only, so these stop a runaway script, not a guesser; a person
  // tapping + and - on a cart never comes near them.
  cartWrite: { name: 'cart-write', perIp: { limit: 600, windowSeconds: 15 * MINUTE } },
  addressWrite: { name: 'address-write', perIp: { limit: 60, windowSeconds: HOUR } },
  // Each request lands in a store owner's queue: few per hour is plenty for a real shopper.
  priceMatch: { name: 'price-match', perIp: { limit: 20, windowSeconds: HOUR } },
  // Checkout: a coupon code is a short guessable secret, so quotes are limited per IP here and per
  // account (checkoutQuotePerUser, enforced by the checkout routes).
  checkoutQuote: { name: 'checkout-quote', perIp: { limit: 120, windowSeconds: 15 * MINUTE } },
  placeCheckout: { name: 'place-checkout', perIp: { limit: 60, windowSeconds: 15 * MINUTE } },
  orderCancel: { name: 'order-cancel', perIp: { limit: 30, windowSeconds: 15 * MINUTE } },
  // The embedded PayU simulator is public wherever PAYU_URL is unset, production included: its
  // pages write a row per post. A shopper makes two posts per payment (form, card page).
  payuSimulatorPage: {
    name: 'payu-sim-page',
    perIp: { limit: 100, windowSeconds: 15 * MINUTE },
  },
  // Its merchant API is called by our own server (verify, capture, void, refund, and the payment
  // expiry sweep), all from one address: far more room, still a ceiling for a script.
  payuSimulatorApi: {
    name: 'payu-sim-api',
    perIp: { limit: 1500, windowSeconds: 15 * MINUTE },
  },
  // Manage Your Store onboarding: each store lands in an admin's approval queue. Per IP here, and
  // per account (createStorePerUser, enforced by the onboarding route).
  createStore: { name: 'create-store', perIp: { limit: 30, windowSeconds: HOUR } },
  // Inventory feed pushes (store API key): per IP here, per key by inventoryPushPerKey. A store's
  // script pushes a few times an hour; a 100,000-row feed is seconds of database work each time.
  inventoryPush: { name: 'inventory-push', perIp: { limit: 240, windowSeconds: HOUR } },
  // The counter's pickup-code checks (complete with a code, look an order up by code): per IP here,
  // per store by pickupCodePerStore (enforced by the store-orders routes), so a member cannot
  // walk the 6-character code space of the store's open orders.
  pickupCode: { name: 'pickup-code', perIp: { limit: 300, windowSeconds: 15 * MINUTE } },
  // An invitation link's token is 256 random bits, so this stops a script, not a guesser: look up,
  // accept and decline each take one (docs/decisions/0018).
  invitationAnswer: { name: 'invitation-answer', perIp: { limit: 60, windowSeconds: 15 * MINUTE } },
  // Brand partner applications (ADR 0022): each lands in an admin's queue. Per IP here, per account
  // by brandApplicationsPerUser (enforced by the brands routes).
  brandApplication: { name: 'brand-application', perIp: { limit: 20, windowSeconds: HOUR } },
} as const satisfies Record<string, RateLimitRule>;

/** Coupon tries per signed-in shopper (the quote call), whatever the IP. */
export const checkoutQuotePerUser: Limit = { limit: 60, windowSeconds: 15 * MINUTE };

/** Stores one account may create per day (a real owner makes one or two, ever). */
export const createStorePerUser: Limit = { limit: 5, windowSeconds: 24 * HOUR };

/** Feed pushes per store API key, whatever the IP (enforced by the push route). */
export const inventoryPushPerKey: Limit = { limit: 60, windowSeconds: HOUR };

/** Pickup-code checks per store, whatever the IP: a busy counter does far fewer (store-orders routes). */
export const pickupCodePerStore: Limit = { limit: 200, windowSeconds: 15 * MINUTE };

/**
 * Member invitations (docs/decisions/0018): each one mails an address the store chose, so a store and
 * an inviter may only send so many (sends and resends alike), whatever the IP. A real store invites
 * a handful of people, once.
 */
export const invitationsPerStore: Limit = { limit: 20, windowSeconds: 24 * HOUR };
export const invitationsPerInviter: Limit = { limit: 10, windowSeconds: HOUR };

/** Brand partner applications one account may send a day (a real brand applies once). */
export const brandApplicationsPerUser: Limit = { limit: 3, windowSeconds: 24 * HOUR };
