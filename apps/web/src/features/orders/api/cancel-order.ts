import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commercePaths, orderDetailResponse } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { orderKeys } from './query-keys.ts';

/** POST orders/{id}/cancel: the shopper cancels before the store accepts. */
export function cancelOrder(orderId: string, client: HttpClient = http) {
  return client.postJson(commercePaths.orderCancel(orderId), { reason: '' }, orderDetailResponse);
}

/** Afterwards the order and every list it appears in are read again. */
export function useCancelOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelOrder(orderId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
