import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartResponse, commercePaths, type AddCartItemRequest } from '@localmart/contract';
import { http, type HttpClient } from '../http.ts';
import { useProfileData } from '../shared-state.ts';
import {
  applyCart,
  cancelCartReads,
  cartOutcome,
  type CartData,
  type CartOutcome,
} from './cart-cache.ts';

/** POST cart/items: a product offer, a menu item with its options, or a service. */
export async function addCartItem(
  body: AddCartItemRequest,
  client: HttpClient = http,
): Promise<CartOutcome> {
  return cartOutcome(await client.postJson(commercePaths.cartItems, body, cartResponse));
}

export interface AddToCartVariables {
  body: AddCartItemRequest;
  /** What the asking screen does once the item is in (a toast, or on to checkout). */
  onAdded?: ((cart: CartData) => void) | undefined;
}

/**
 * Adds to the signed-in shopper's cart; the answer (the whole cart) updates the cache and badge.
 * Follow-ups travel in the variables and run from the hook's own `onSuccess`, which fires even when
 * the button that asked has gone (a sheet closed on tap), unlike callbacks given to `mutate`.
 */
export function useAddToCart(onRefused: (outcome: CartOutcome & { ok: false }) => void) {
  const queryClient = useQueryClient();
  const { id: userId } = useProfileData();
  return useMutation({
    mutationFn: ({ body }: AddToCartVariables) => addCartItem(body),
    onMutate: () => cancelCartReads(queryClient),
    onSuccess: async (outcome, { onAdded }) => {
      if (!outcome.ok) {
        onRefused(outcome);
        return;
      }
      await cancelCartReads(queryClient);
      applyCart(queryClient, userId, outcome.cart);
      onAdded?.(outcome.cart);
    },
  });
}
