import type { QueryClient } from '@tanstack/react-query';
import {
  cartResponse,
  commercePaths,
  isSuccess,
  type CartLine,
  type CartSummary,
} from '@localmart/contract';
import { http, type HttpClient, type HttpFailure, type HttpResult } from '../http.ts';
import { sharedState } from '../shared-state.ts';

/**
 * The cart as every screen reads it: GET cart and each cart mutation answer the whole cart, so one
 * cache entry per signed-in user holds it. It lives in lib, not in the cart feature, because the
 * catalogue's Add to cart / Add to order / Book buttons (other features and shared components) write
 * to it too, and features never import each other.
 */
export interface CartData {
  lines: CartLine[];
  summary: CartSummary;
}

export type CartOutcome = { ok: true; cart: CartData } | { ok: false; failure: HttpFailure };

export const cartKeys = {
  all: ['cart'] as const,
  /** Per user: a cart fetched before a sign-out never shows to the next person on the device. */
  cart: (userId: string) => [...cartKeys.all, userId] as const,
};

/**
 * Spec §3 cart data `records`, the badge's number: units across lines (2 milk + 1 bread = 3), the
 * figure the cart page's "Subtotal (3 items)" shows, as Instacart and Amazon count. The spec names the
 * count but not what it counts; counting lines made the badge say 2 beside "3 items".
 */
export function cartRecords(cart: CartData): number {
  return cart.summary.itemCount;
}

export function cartOutcome(answer: HttpResult<typeof cartResponse>): CartOutcome {
  if (isSuccess(answer)) {
    return { ok: true, cart: { lines: answer.results, summary: answer.result } };
  }
  return { ok: false, failure: answer };
}

/** GET cart; a failure throws so the page can show it with a Retry. */
export async function fetchCart(client: HttpClient = http): Promise<CartData> {
  const outcome = cartOutcome(await client.get(commercePaths.cart, undefined, cartResponse));
  if (!outcome.ok) throw new Error(outcome.failure.message);
  sharedState.setCartRecords(cartRecords(outcome.cart));
  return outcome.cart;
}

/**
 * Stops cart reads in flight. Every cart change calls it when it starts and again before it writes its
 * answer: a GET sent before the change committed could otherwise land after it and put the old cart
 * back on screen (the badge and steppers one step behind the server).
 */
export function cancelCartReads(queryClient: QueryClient): Promise<void> {
  return queryClient.cancelQueries({ queryKey: cartKeys.all });
}

/** A cart answer arrived (from any mutation): the cache and the badge show it at once. */
export function applyCart(queryClient: QueryClient, userId: string, cart: CartData): void {
  queryClient.setQueryData(cartKeys.cart(userId), cart);
  sharedState.setCartRecords(cartRecords(cart));
}
