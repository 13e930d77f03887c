import { useQuery } from '@tanstack/react-query';
import {
  checkoutViewResponse,
  commercePaths,
  isSuccess,
  type CheckoutView,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { checkoutKeys } from './query-keys.ts';

/** GET checkouts/{id}: the placed orders, their payments and what is left to pay. */
export async function getCheckout(
  checkoutId: string,
  client: HttpClient = http,
): Promise<CheckoutView> {
  const answer = await client.get(
    commercePaths.checkout(checkoutId),
    undefined,
    checkoutViewResponse,
  );
  if (isSuccess(answer)) return answer.result;
  throw new Error(answer.message);
}

export function useCheckoutView(checkoutId: string, enabled: boolean) {
  return useQuery({
    queryKey: checkoutKeys.view(checkoutId),
    queryFn: () => getCheckout(checkoutId),
    enabled: enabled && checkoutId !== '',
    // The provider's answer changes it behind our back: always read it fresh on arrival.
    staleTime: 0,
  });
}
