import { cartResponse, commercePaths } from '@localmart/contract';
import { cartOutcome, type CartOutcome } from '../../../lib/cart/cart-cache.ts';
import { http, type HttpClient } from '../../../lib/http.ts';
import { useCartMutation } from './use-cart-mutation.ts';

/** DELETE cart/items/{lineId}. */
export async function removeCartLine(
  lineId: string,
  client: HttpClient = http,
): Promise<CartOutcome> {
  return cartOutcome(await client.del(commercePaths.cartItem(lineId), cartResponse));
}

export function useRemoveCartLine() {
  return useCartMutation((lineId: string) => removeCartLine(lineId));
}
