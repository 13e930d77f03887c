import { useMutation } from '@tanstack/react-query';
import {
  checkoutViewResponse,
  commercePaths,
  type PlaceCheckoutRequest,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';

/**
 * POST checkouts: places one order per store awaiting payment and holds their stock. The key travels
 * in the body; the server answers the same checkout again for a key it has seen.
 */
export function placeCheckout(body: PlaceCheckoutRequest, client: HttpClient = http) {
  return client.postJson(commercePaths.checkouts, body, checkoutViewResponse);
}

export function usePlaceCheckout() {
  return useMutation({ mutationFn: (body: PlaceCheckoutRequest) => placeCheckout(body) });
}
