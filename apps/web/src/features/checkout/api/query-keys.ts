import type { CheckoutSelection } from '@localmart/contract';

/** TanStack Query keys of the checkout feature. */
export const checkoutKeys = {
  all: ['checkout'] as const,
  /** The cart as checkout reads it; the cart screen has keys of its own. */
  cart: () => [...checkoutKeys.all, 'cart'] as const,
  /**
   * Saved addresses. The same key as the addresses feature's list (features do not import each
   * other), so saving one on add-address refreshes the picker here too.
   */
  addresses: () => ['addresses', 'list'] as const,
  quote: (selection: CheckoutSelection) => [...checkoutKeys.all, 'quote', selection] as const,
  view: (checkoutId: string) => [...checkoutKeys.all, 'view', checkoutId] as const,
  /** The unpaid checkout /payumoney offers to resume or release. */
  unpaid: () => [...checkoutKeys.all, 'unpaid'] as const,
  /** The profile's phone, offered to the stores at checkout (issue 15). */
  profilePhone: () => [...checkoutKeys.all, 'profile-phone'] as const,
  /** Every quote, whatever its selection (to re-price after the cart changed). */
  quotes: () => [...checkoutKeys.all, 'quote'] as const,
};
