import {
  checkoutViewResponse,
  commercePaths,
  isSuccess,
  type CheckoutView,
} from '@localmart/contract';
import { http, type HttpClient } from '../http.ts';

/**
 * GET checkouts/{id}: the placed orders, their payments and what is left to pay. It lives in lib
 * because checkout (paying) and orders (how the payment ended) both read it, and features never
 * import each other; each keeps its own query hook, as they refresh it differently.
 */
export async function fetchCheckout(
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
