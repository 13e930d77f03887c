import { cartResponse, commercePaths } from '@localmart/contract';
import { cartOutcome, type CartOutcome } from '../../../lib/cart/cart-cache.ts';
import { http, type HttpClient } from '../../../lib/http.ts';
import { useCartMutation } from './use-cart-mutation.ts';

export interface UpdateCartLineVariables {
  lineId: string;
  quantity: number;
}

/** PATCH cart/items/{lineId} {quantity}. */
export async function updateCartLine(
  { lineId, quantity }: UpdateCartLineVariables,
  client: HttpClient = http,
): Promise<CartOutcome> {
  return cartOutcome(
    await client.patch(commercePaths.cartItem(lineId), { quantity }, cartResponse),
  );
}

export function useUpdateCartLine() {
  return useCartMutation((variables: UpdateCartLineVariables) => updateCartLine(variables));
}
