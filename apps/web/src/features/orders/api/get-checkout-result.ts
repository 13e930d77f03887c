import { useQuery } from '@tanstack/react-query';
import {
  checkoutViewResponse,
  commercePaths,
  isSuccess,
  type CheckoutView,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { orderKeys } from './query-keys.ts';

const PENDING_POLL_MS = 5000;

/** GET checkouts/{id}: how the payment ended, and the orders it placed. */
export async function getCheckoutResult(
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

export function useCheckoutResult(checkoutId: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.checkout(checkoutId),
    queryFn: () => getCheckoutResult(checkoutId),
    enabled: enabled && checkoutId !== '',
    // The bank may still answer: look again now and then while the payment is pending.
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? PENDING_POLL_MS : false),
  });
}
