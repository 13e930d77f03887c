import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  isSuccess,
  orderDetailResponse,
  type SubstitutionDecisionRequest,
  substitutionPaths,
} from '@localmart/contract';
import { http } from '../../../lib/http.ts';
import { orderKeys } from './query-keys.ts';

/** POST orders/{id}/substitutions/{id}: the shopper says yes or no to the store's substitute. */
export function useDecideSubstitution(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { substitutionId: string } & SubstitutionDecisionRequest) => {
      const answer = await http.postJson(
        substitutionPaths.decide(orderId, input.substitutionId),
        { decision: input.decision },
        orderDetailResponse,
      );
      if (!isSuccess(answer)) throw new Error(answer.message);
      queryClient.setQueryData(orderKeys.detail(orderId), answer.result);
      return answer.message ?? '';
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
