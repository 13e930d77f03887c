import { useMutation } from '@tanstack/react-query';
import { commercePaths, hostedPaymentFormResponse } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';

/** POST checkouts/{id}/pay: the provider's hosted-checkout form for the next payment. */
export function payCheckout(checkoutId: string, client: HttpClient = http) {
  return client.postJson(commercePaths.checkoutPay(checkoutId), {}, hostedPaymentFormResponse);
}

export function usePayCheckout() {
  return useMutation({ mutationFn: (checkoutId: string) => payCheckout(checkoutId) });
}
