import { API_BASE, apiPaths } from '../api-paths.ts';

const id = (value: string) => encodeURIComponent(value);

/**
 * Commerce API paths (cart, addresses, checkout, payments, orders, price matches). GET cart is the
 * spec's own call (§7: `apiPaths.cart`); the rest are ours. Every call needs a signed-in shopper except
 * the payment provider's return, which is authenticated by its hash instead.
 */
export const commercePaths = {
  cart: apiPaths.cart,
  /** POST: add an item (adds up with an equal line). */
  cartItems: `${API_BASE}/cart/items`,
  /** PATCH {quantity} or DELETE one line. */
  cartItem: (lineId: string) => `${API_BASE}/cart/items/${id(lineId)}`,
  addresses: `${API_BASE}/addresses`,
  address: (addressId: string) => `${API_BASE}/addresses/${id(addressId)}`,
  /** POST: prices a checkout selection without placing anything (totals, coupon, delivery checks). */
  checkoutQuote: `${API_BASE}/checkout/quote`,
  /** POST: places the orders (one per store), reserves stock, creates the payments. */
  checkouts: `${API_BASE}/checkouts`,
  /** GET: the shopper's unpaid checkout still holding stock (resume or release it), or null. */
  unpaidCheckout: `${API_BASE}/checkouts/unpaid`,
  /** POST: the shopper lets an unpaid checkout go: its orders are cancelled, stock goes back. */
  checkoutRelease: (checkoutId: string) => `${API_BASE}/checkouts/${id(checkoutId)}/release`,
  checkout: (checkoutId: string) => `${API_BASE}/checkouts/${id(checkoutId)}`,
  /** POST: the hosted-checkout form: one card entry holds the whole checkout (ADR 0009). */
  checkoutPay: (checkoutId: string) => `${API_BASE}/checkouts/${id(checkoutId)}/pay`,
  /** PayU posts here (surl and furl) after the hosted checkout; answers with a redirect. */
  payuReturn: `${API_BASE}/payments/payu/return`,
  orders: `${API_BASE}/orders`,
  order: (orderId: string) => `${API_BASE}/orders/${id(orderId)}`,
  /** POST {reason?}: the shopper cancels before the store accepts (a booked appointment: to its cut-off). */
  orderCancel: (orderId: string) => `${API_BASE}/orders/${id(orderId)}/cancel`,
  /** POST (no body): the order's still-available lines go in the cart; answers cart and report. */
  orderBuyAgain: (orderId: string) => `${API_BASE}/orders/${id(orderId)}/buy-again`,
  priceMatches: `${API_BASE}/price-matches`,
} as const;

/** The embedded PayU simulator, served by our own server when PAYU_URL is not set. */
export const payuSimulatorPaths = {
  /** PayU's hosted checkout form post (PAYU_URL). */
  payment: '/payu-sim/_payment',
  /** The card form's submit (success / failure / pending outcome). */
  complete: '/payu-sim/complete',
  /** PayU's merchant API (verify_payment, capture, cancel, refund), form post `command`. */
  postservice: '/payu-sim/merchant/postservice',
} as const;
