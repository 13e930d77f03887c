import { useInfiniteQuery } from '@tanstack/react-query';
import {
  commercePaths,
  isSuccess,
  orderListResponse,
  type OrderStatusFilter,
  type OrderSummary,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { orderKeys } from './query-keys.ts';

export interface OrderPage {
  orders: OrderSummary[];
  nextCursor: string | null;
}

/** GET orders: the shopper's orders, newest first, one keyset page at a time. */
export async function getOrders(
  filter: OrderStatusFilter | 'all',
  cursor: string | undefined,
  client: HttpClient = http,
): Promise<OrderPage> {
  const status = filter === 'all' ? undefined : filter;
  const answer = await client.get(commercePaths.orders, { status, cursor }, orderListResponse);
  if (isSuccess(answer)) return { orders: answer.results, nextCursor: answer.result.nextCursor };
  throw new Error(answer.message);
}

export function useOrders(filter: OrderStatusFilter | 'all', enabled: boolean) {
  return useInfiniteQuery({
    queryKey: orderKeys.list(filter),
    queryFn: ({ pageParam }) => getOrders(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}
