import { useQuery } from '@tanstack/react-query';
import { fetchCheckout } from '../../../lib/checkout/fetch-checkout.ts';
import { checkoutKeys } from './query-keys.ts';

export function useCheckoutView(checkoutId: string, enabled: boolean) {
  return useQuery({
    queryKey: checkoutKeys.view(checkoutId),
    queryFn: () => fetchCheckout(checkoutId),
    enabled: enabled && checkoutId !== '',
    // The provider's answer changes it behind our back: always read it fresh on arrival.
    staleTime: 0,
  });
}
