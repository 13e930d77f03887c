import { useMutation } from '@tanstack/react-query';
import { commercePaths } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';

/** POST checkouts/{id}/release: lets an unpaid checkout go; its orders are cancelled, stock returns. */
export function releaseCheckout(checkoutId: string, client: HttpClient = http) {
  return client.postJson(commercePaths.checkoutRelease(checkoutId), {});
}

export function useReleaseCheckout() {
  return useMutation({ mutationFn: (checkoutId: string) => releaseCheckout(checkoutId) });
}
