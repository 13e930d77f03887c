import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isSuccess,
  managePaths,
  pickupCodeLookupResponse,
  storeOrderActionPaths,
  storeOrderActionResponse,
  storeOrderDetailResponse,
  storeOrderListResponse,
  type AcceptOrderRequest,
  type CompleteOrderRequest,
  type DeclineOrderRequest,
  type PickupCodeLookup,
  type StoreOrderAction,
  type StoreOrderCounts,
  type StoreOrderDetail,
  type StoreOrderFilter,
  type StoreOrderRow,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../../lib/http.ts';
import { assertSuccess } from '../../../lib/api-answer.ts';

/** The inbox reads itself again this often: new orders must not wait for a reload (4-hour rule). */
export const INBOX_REFRESH_MS = 30_000;

/** TanStack Query keys of the store's orders; every key starts with the store's, so one sweep clears them. */
export const storeOrderKeys = {
  all: (businessId: string) => ['manage', businessId, 'orders'] as const,
  list: (businessId: string, filter: StoreOrderFilter) =>
    [...storeOrderKeys.all(businessId), 'list', filter] as const,
  detail: (businessId: string, orderId: string) =>
    [...storeOrderKeys.all(businessId), 'detail', orderId] as const,
};

export interface StoreOrderPage {
  orders: StoreOrderRow[];
  nextCursor: string | null;
  counts: StoreOrderCounts;
}

/** GET orders?filter=&cursor=: one keyset page of a tab, with every tab's count. */
export async function getStoreOrders(
  businessId: string,
  filter: StoreOrderFilter,
  cursor: string | undefined,
  client: HttpClient = http,
): Promise<StoreOrderPage> {
  const answer = await client.get(
    managePaths.orders(businessId),
    { filter, cursor },
    storeOrderListResponse,
  );
  assertSuccess(answer);
  return {
    orders: answer.results,
    nextCursor: answer.result.nextCursor,
    counts: answer.result.counts,
  };
}

export function useStoreOrders(businessId: string, filter: StoreOrderFilter) {
  return useInfiniteQuery({
    queryKey: storeOrderKeys.list(businessId, filter),
    queryFn: ({ pageParam }) => getStoreOrders(businessId, filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: INBOX_REFRESH_MS,
  });
}

/** GET orders/{id}: the order as the store sees it (no pickup code: the shopper shows it). */
export async function getStoreOrder(
  businessId: string,
  orderId: string,
  client: HttpClient = http,
): Promise<StoreOrderDetail> {
  const answer = await client.get(
    managePaths.order(businessId, orderId),
    undefined,
    storeOrderDetailResponse,
  );
  assertSuccess(answer);
  return answer.result;
}

export function useStoreOrder(businessId: string, orderId: string) {
  return useQuery({
    queryKey: storeOrderKeys.detail(businessId, orderId),
    queryFn: () => getStoreOrder(businessId, orderId),
    // A placed order can be cancelled by the shopper or the sweeper while the page is open.
    refetchInterval: INBOX_REFRESH_MS,
  });
}

/** The body each move sends; ready, out-for-delivery and no-show send none. */
export type StoreOrderMove =
  | { action: 'accept'; body: AcceptOrderRequest }
  | { action: 'decline'; body: DeclineOrderRequest }
  | { action: 'complete'; body: CompleteOrderRequest }
  | { action: Exclude<StoreOrderAction, 'accept' | 'decline' | 'complete'>; body?: undefined };

/** What a move came back with: the server's words and, on success, the order as it now is. */
export interface MoveResult {
  ok: boolean;
  message: string;
  order: StoreOrderDetail | null;
}

export async function moveStoreOrder(
  businessId: string,
  orderId: string,
  move: StoreOrderMove,
  client: HttpClient = http,
): Promise<MoveResult> {
  const path = storeOrderActionPaths[move.action](businessId, orderId);
  const answer = await client.postJson(path, move.body ?? {}, storeOrderActionResponse);
  if (isSuccess(answer)) {
    return { ok: true, message: answer.message ?? '', order: answer.result };
  }
  return { ok: false, message: answer.message, order: null };
}

/**
 * One move of the order page. A refusal (409: someone else moved it, the deadline passed) is an
 * answer, not a crash: it comes back as `ok: false` with the server's message, and the order is read
 * again either way so the page shows its real state.
 */
export function useMoveStoreOrder(businessId: string, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (move: StoreOrderMove) => moveStoreOrder(businessId, orderId, move),
    onSuccess: (result) => {
      if (result.order) {
        queryClient.setQueryData(storeOrderKeys.detail(businessId, orderId), result.order);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: storeOrderKeys.all(businessId) }),
  });
}

/**
 * GET orders/by-pickup-code?code=: the counter's lookup (a typed code or the scanned QR text): the
 * store's order with that code in any state, what state in words, and whether it can be completed.
 */
export async function findOrderByPickupCode(
  businessId: string,
  code: string,
  client: HttpClient = http,
): Promise<PickupCodeLookup> {
  const answer = await client.get(
    managePaths.orderByPickupCode(businessId),
    { code },
    pickupCodeLookupResponse,
  );
  assertSuccess(answer);
  return answer.result;
}

export function useFindByPickupCode(businessId: string) {
  return useMutation({ mutationFn: (code: string) => findOrderByPickupCode(businessId, code) });
}

/**
 * The counter's one step (issue 15): a looked-up, ready order completes with the code as it was
 * looked up, without typing it again. A refusal comes back as `ok: false` with the server's words.
 */
export function useCompleteFromCounter(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, code }: { orderId: string; code: string }) =>
      moveStoreOrder(businessId, orderId, { action: 'complete', body: { pickupCode: code } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: storeOrderKeys.all(businessId) }),
  });
}
