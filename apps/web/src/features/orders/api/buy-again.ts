import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  buyAgainResponse,
  commercePaths,
  isSuccess,
  type BuyAgainResult,
  type CartLine,
} from '@localmart/contract';
import { applyCart, cancelCartReads } from '../../../lib/cart/cart-cache.ts';
import { http, type HttpClient, type HttpFailure } from '../../../lib/http.ts';
import { useProfileData } from '../../../lib/shared-state.ts';

export type BuyAgainOutcome =
  | { ok: true; message: string; report: BuyAgainResult; cartLines: CartLine[] }
  | { ok: false; failure: HttpFailure };

/** POST orders/{id}/buy-again: the order's still-available lines go in the cart. */
export async function buyAgain(
  orderId: string,
  client: HttpClient = http,
): Promise<BuyAgainOutcome> {
  const answer = await client.postJson(commercePaths.orderBuyAgain(orderId), {}, buyAgainResponse);
  if (!isSuccess(answer)) return { ok: false, failure: answer };
  return {
    ok: true,
    message: answer.message ?? '',
    report: answer.result,
    cartLines: answer.results,
  };
}

/**
 * Buy again from an order. The answer carries the whole cart, which replaces the cached one and the
 * badge at once, as every cart write does (lib/cart/cart-cache.ts); a refusal leaves the cart as it was.
 */
export function useBuyAgain(orderId: string) {
  const queryClient = useQueryClient();
  const { id: userId } = useProfileData();
  return useMutation({
    mutationFn: () => buyAgain(orderId),
    onMutate: () => cancelCartReads(queryClient),
    onSuccess: async (outcome) => {
      if (!outcome.ok) return;
      await cancelCartReads(queryClient);
      applyCart(queryClient, userId, { lines: outcome.cartLines, summary: outcome.report.cart });
    },
  });
}
