import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isSuccess,
  type OrderChangesRequest,
  storeOrderActionResponse,
  type SubstituteOffer,
  substituteOffersResponse,
  substitutionPaths,
} from '@localmart/contract';
import { http } from '../../../../lib/http.ts';
import { resultsOf } from '../../../lib/api-answer.ts';
import { type MoveResult, storeOrderKeys } from './store-orders-api.ts';

/** POST orders/{id}/changes: hand over less, propose substitutes (accepting a new order with them). */
export function useChangeOrderLines(businessId: string, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OrderChangesRequest): Promise<MoveResult> => {
      const answer = await http.postJson(
        substitutionPaths.storeChanges(businessId, orderId),
        body,
        storeOrderActionResponse,
      );
      return isSuccess(answer)
        ? { ok: true, message: answer.message ?? '', order: answer.result }
        : { ok: false, message: answer.message, order: null };
    },
    onSuccess: (result) => {
      if (result.order) {
        queryClient.setQueryData(storeOrderKeys.detail(businessId, orderId), result.order);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: storeOrderKeys.all(businessId) }),
  });
}

/** GET substitute-offers?q=: the store's own items in stock that could stand in for a line. */
export function useSubstituteOffers(businessId: string, q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['manage', businessId, 'substitute-offers', q],
    queryFn: async (): Promise<SubstituteOffer[]> =>
      resultsOf(
        await http.get(
          substitutionPaths.storeSubstituteOffers(businessId),
          { q },
          substituteOffersResponse,
        ),
      ),
    enabled,
    staleTime: 30_000,
  });
}
