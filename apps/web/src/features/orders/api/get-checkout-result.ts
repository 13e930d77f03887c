import { useQuery } from '@tanstack/react-query';
import { fetchCheckout } from '../../../lib/checkout/fetch-checkout.ts';
import { orderKeys } from './query-keys.ts';

const PENDING_POLL_MS = 5000;

/** How the payment of a checkout ended, and the orders it placed. */
export function useCheckoutResult(checkoutId: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.checkout(checkoutId),
    queryFn: () => fetchCheckout(checkoutId),
    enabled: enabled && checkoutId !== '',
    // The bank may still answer: look again now and then while the payment is pending.
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? PENDING_POLL_MS : false),
  });
}
