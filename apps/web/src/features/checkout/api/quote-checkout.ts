import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  checkoutQuoteResponse,
  commercePaths,
  isSuccess,
  type CheckoutQuote,
  type CheckoutSelection,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { checkoutKeys } from './query-keys.ts';

/** POST checkout/quote: prices a selection (totals, coupon, delivery checks); places nothing. */
export async function quoteCheckout(
  selection: CheckoutSelection,
  client: HttpClient = http,
): Promise<CheckoutQuote> {
  const answer = await client.postJson(
    commercePaths.checkoutQuote,
    selection,
    checkoutQuoteResponse,
  );
  if (isSuccess(answer)) return answer.result;
  throw new Error(answer.message);
}

/** The quote of the (already debounced) selection; the last one stays on screen while re-pricing. */
export function useCheckoutQuote(selection: CheckoutSelection | null) {
  return useQuery({
    queryKey: checkoutKeys.quote(selection ?? { stores: [] }),
    queryFn: () => quoteCheckout(selection ?? { stores: [] }),
    enabled: selection !== null && selection.stores.length > 0,
    placeholderData: keepPreviousData,
  });
}
