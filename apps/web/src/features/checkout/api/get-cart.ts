import { useQuery } from '@tanstack/react-query';
import { fetchCart, type CartData } from '../../../lib/cart/cart-cache.ts';
import { checkoutKeys } from './query-keys.ts';

/** The lines and, per store, what checkout needs to offer its fulfilment choices. */
export type CheckoutCart = CartData;

/** GET cart (the shared fetcher, which also keeps the badge right) under checkout's own key. */
export function useCheckoutCart(enabled: boolean) {
  return useQuery({ queryKey: checkoutKeys.cart(), queryFn: () => fetchCart(), enabled });
}
