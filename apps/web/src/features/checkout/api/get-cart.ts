import { useQuery } from '@tanstack/react-query';
import {
  cartResponse,
  commercePaths,
  isSuccess,
  type CartLine,
  type CartSummary,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { checkoutKeys } from './query-keys.ts';

export interface CheckoutCart {
  lines: CartLine[];
  summary: CartSummary;
}

/** GET cart: the lines and, per store, what checkout needs to offer its fulfilment choices. */
export async function getCheckoutCart(client: HttpClient = http): Promise<CheckoutCart> {
  const answer = await client.get(commercePaths.cart, undefined, cartResponse);
  if (isSuccess(answer)) return { lines: answer.results, summary: answer.result };
  throw new Error(answer.message);
}

export function useCheckoutCart(enabled: boolean) {
  return useQuery({ queryKey: checkoutKeys.cart(), queryFn: () => getCheckoutCart(), enabled });
}
