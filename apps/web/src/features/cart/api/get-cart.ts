import { useQuery } from '@tanstack/react-query';
import { cartKeys, fetchCart } from '../../../lib/cart/cart-cache.ts';
import { useProfileData } from '../../../lib/shared-state.ts';
import { useSession } from '../../../lib/storage.ts';

/**
 * GET cart for the signed-in shopper (spec §7); signed out, nothing is asked. Every answer also sets
 * the badge's `records` (spec §3), so the header is right from the first read.
 */
export function useCart() {
  const { isLoggedIn } = useSession();
  const { id: userId } = useProfileData();
  return useQuery({
    queryKey: cartKeys.cart(userId),
    queryFn: () => fetchCart(),
    enabled: isLoggedIn,
    // Prices and stock are re-checked by the server on every read: a cart page should show them fresh.
    staleTime: 0,
  });
}
