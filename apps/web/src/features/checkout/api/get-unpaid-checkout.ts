import { useQuery } from '@tanstack/react-query';
import {
  commercePaths,
  isSuccess,
  unpaidCheckoutResponse,
  type CheckoutView,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { checkoutKeys } from './query-keys.ts';

/** GET checkouts/unpaid: the shopper's unpaid checkout still holding stock, or null. */
export async function getUnpaidCheckout(client: HttpClient = http): Promise<CheckoutView | null> {
  const answer = await client.get(commercePaths.unpaidCheckout, undefined, unpaidCheckoutResponse);
  if (isSuccess(answer)) return answer.result;
  throw new Error(answer.message);
}

export function useUnpaidCheckout(enabled: boolean) {
  return useQuery({
    queryKey: checkoutKeys.unpaid(),
    queryFn: () => getUnpaidCheckout(),
    enabled,
    // Paid or released elsewhere (another tab, the bank's answer): read it fresh on every visit.
    staleTime: 0,
  });
}
