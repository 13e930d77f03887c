import { useQueries, useQuery } from '@tanstack/react-query';
import {
  commercePaths,
  isSuccess,
  orderDetailResponse,
  type OrderDetail,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { orderKeys } from './query-keys.ts';

/** GET orders/{id}: one order with its items, timeline, pickup code and payment. */
export async function getOrder(orderId: string, client: HttpClient = http): Promise<OrderDetail> {
  const answer = await client.get(commercePaths.order(orderId), undefined, orderDetailResponse);
  if (isSuccess(answer)) return answer.result;
  throw new Error(answer.message);
}

export function useOrder(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.detail(orderId),
    queryFn: () => getOrder(orderId),
    enabled: enabled && orderId !== '',
  });
}

/** Several orders at once (the success page's pickup codes). */
export function useOrderDetails(orderIds: readonly string[]) {
  return useQueries({
    queries: orderIds.map((orderId) => ({
      queryKey: orderKeys.detail(orderId),
      queryFn: () => getOrder(orderId),
    })),
  });
}
