import {
  CART_LINE_MAX_QUANTITY,
  CART_MAX_LINES,
  PAYMENT_PENDING_TIMEOUT_MINUTES,
  PRICE_MATCH_VALID_DAYS,
} from './commerce-constants.ts';

/**
 * Every shopper-facing sentence of cart, checkout, payment and orders (the spec shows none of these
 * screens, so they are ours). Server answers and screens read them from here, never retype them.
 */
export const commerceMessages = {
  // cart
  cartLoaded: 'Cart loaded',
  addedToCart: 'Added to cart',
  cartUpdated: 'Cart updated',
  removedFromCart: 'Removed from cart',
  cartCleared: 'Cart cleared',
  cartLineNotFound: 'That item is no longer in your cart.',
  itemNotFound: 'That item is no longer sold here.',
  itemOutOfStock: 'This item is out of stock at this store.',
  itemUnavailable: 'This item is not available right now.',
  notEnoughStock: (available: number) =>
    available === 1 ? 'Only 1 left at this store.' : `Only ${available} left at this store.`,
  priceChanged: (before: string, after: string) => `Price changed from ${before} to ${after}.`,
  quantityTooHigh: `You can add at most ${CART_LINE_MAX_QUANTITY} of one item.`,
  cartFull: `Your cart holds at most ${CART_MAX_LINES} different items.`,
  optionsInvalid: 'Choose the options this item needs.',
  storeSellsNothingOnline: 'This store does not take orders online.',
  cartEmpty: 'Your cart is empty.',
  orderTooLarge:
    'This order is too large to place online (at most 21,474,836.47). Split it into smaller orders.',
  // addresses
  addressSaved: 'Address saved',
  addressDeleted: 'Address deleted',
  addressNotFound: 'That address is not in your address book.',
  addressNameRequired: 'Please enter the name of the person receiving the order',
  addressPhoneInvalid: 'Please enter a valid phone number',
  addressLine1Required: 'Please enter the street address',
  addressCityRequired: 'Please enter the city',
  addressRegionRequired: 'Please enter the province or state',
  addressPostalCodeInvalid: 'Please enter a valid postal code',
  addressLocationRequired: 'Please set where the address is on the map',
  // checkout
  chooseFulfilment: 'Choose how you get your order from each store.',
  fulfilmentNotOffered: (store: string, method: string) => `${store} does not offer ${method}.`,
  deliveryAddressRequired: 'Choose a delivery address.',
  deliveryOutOfRange: (store: string, km: string, radius: string) =>
    `${store} delivers within ${radius} km; this address is ${km} km away.`,
  deliveryBelowMinimum: (store: string, minimum: string) =>
    `${store} delivers orders of ${minimum} or more.`,
  deliveryAfterCutoff: (store: string, cutoff: string) =>
    `${store} takes same-day delivery orders until ${cutoff}. Choose pickup or order tomorrow.`,
  deliveryClosedToday: (store: string) =>
    `${store} is closed for the rest of today, so it cannot deliver today. Choose pickup instead.`,
  storeNotInCart: 'That store has nothing in your cart.',
  cartChangedSinceQuote:
    'Your cart changed while you were checking out. Please review it and place the order again.',
  orderPlaced: 'Order placed',
  checkoutNotFound: 'That checkout does not exist.',
  checkoutNothingToPay: 'Everything in this checkout is already paid.',
  checkoutNoLiveOrder:
    'Every order in this checkout was cancelled or released, so there is nothing to pay.',
  checkoutPaymentInProgress:
    'Your bank is still confirming the payment for this checkout. Please wait a moment.',
  checkoutReleased: 'Checkout released. The items are back in stock and your cart is as it was.',
  checkoutCannotRelease: 'This checkout is already paid or released.',
  /** Timeline note on the older unpaid orders a new checkout replaces (their stock goes back). */
  checkoutReplaced:
    'Replaced by a newer checkout before it was paid, so its items went back on the shelf.',
  /** Timeline note on orders the shopper let go from /payumoney. */
  checkoutReleasedNote: 'Released by you before payment.',
  checkoutNothingToCharge: 'An order needs a total above zero to be paid by card.',
  tooManyUnpaidCheckouts:
    'You have payments waiting for your bank. Please wait for them to finish before placing another order.',
  idempotencyKeyInvalid: 'The request needs an idempotency key of 16 to 100 characters.',
  // coupons
  couponApplied: 'Coupon applied',
  couponNotFound: 'This coupon code is not valid.',
  couponNotStarted: 'This coupon is not active yet.',
  couponExpired: 'This coupon has expired.',
  couponUsedUp: 'You have already used this coupon.',
  couponWrongStore: (store: string) => `This coupon is for ${store} only.`,
  couponBelowMinimum: (minimum: string) => `Spend ${minimum} or more to use this coupon.`,
  couponWrongCurrency: 'This coupon does not apply to these prices.',
  // payment
  paymentFailed: 'Your payment did not go through. Your cart is as you left it.',
  paymentPending:
    'Your bank has not confirmed the payment yet. We will update your order when it does.',
  paymentCallbackRejected: 'The payment answer could not be verified.',
  /** The order timeline's note when an unpaid checkout is released (server payment expiry). */
  paymentTimedOut: `The payment was not completed within ${PAYMENT_PENDING_TIMEOUT_MINUTES} minutes, so the order was released.`,
  // orders
  orderNotFound: 'That order does not exist.',
  orderCancelled: 'Order cancelled',
  /** Money that landed on an order already cancelled is given back automatically. */
  lateMoneyReleased: (amount: string) =>
    `This order was cancelled before the payment arrived, so the ${amount} held on your card is released automatically.`,
  // price match
  priceMatchRequested: 'Price match requested. The store will answer soon.',
  priceMatchNotLower: 'A price match needs a price lower than the store’s current price.',
  priceMatchEvidenceRequired: 'Add a link to the competitor’s advertised price.',
  priceMatchCompetitorRequired: 'Please enter the competitor’s name',
  priceMatchPriceInvalid: 'Please enter the competitor’s price, e.g. 4.99',
  priceMatchPending: 'You already asked this store to match this price.',
  priceMatchTerms: `An approved price match applies to your orders of that item for ${PRICE_MATCH_VALID_DAYS} days.`,
} as const;
