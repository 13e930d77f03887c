import { cartResponse, commercePaths } from '@localmart/contract';
import { cartOutcome, type CartOutcome } from '../../../lib/cart/cart-cache.ts';
import { http, type HttpClient } from '../../../lib/http.ts';
import { useCartMutation } from './use-cart-mutation.ts';

/** DELETE cart: every line goes. */
export async function clearCart(client: HttpClient = http): Promise<CartOutcome> {
  return cartOutcome(await client.del(commercePaths.cart, cartResponse));
}

export function useClearCart() {
  return useCartMutation(() => clearCart());
}
