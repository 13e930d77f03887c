import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showError } from '../../../components/ui/toasts/toasts.ts';
import { applyCart, cancelCartReads, type CartOutcome } from '../../../lib/cart/cart-cache.ts';
import { isNetworkFailure } from '../../../lib/http.ts';
import { useProfileData } from '../../../lib/shared-state.ts';

export const CART_NOT_UPDATED = 'Cart not updated';

/**
 * The shape of every cart change: the server answers the whole cart, which replaces the cached one
 * (and the badge); a refusal keeps the cart as it was and shows the server's message. Network failures
 * are logged by the HTTP helper, not toasted (spec §8).
 */
export function useCartMutation<V>(send: (variables: V) => Promise<CartOutcome>) {
  const queryClient = useQueryClient();
  const { id: userId } = useProfileData();
  return useMutation({
    mutationFn: send,
    onMutate: () => cancelCartReads(queryClient),
    onSuccess: async (outcome) => {
      if (outcome.ok) {
        await cancelCartReads(queryClient);
        applyCart(queryClient, userId, outcome.cart);
      } else if (!isNetworkFailure(outcome.failure)) {
        showError(CART_NOT_UPDATED, outcome.failure.message);
      }
    },
  });
}
