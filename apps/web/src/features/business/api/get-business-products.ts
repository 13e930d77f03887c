import { useInfiniteQuery } from '@tanstack/react-query';
import {
  catalogPaths,
  isSuccess,
  productListResponse,
  type ProductSummary,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { businessKeys } from './query-keys.ts';

export interface ProductsPage {
  items: ProductSummary[];
  nextCursor: string | null;
}

/** GET products?businessId=: the store's Products tab, one keyset page at a time. */
export async function getBusinessProducts(
  businessId: string,
  near: { lat?: number; lng?: number },
  cursor: string | undefined,
  client: HttpClient = http,
): Promise<ProductsPage> {
  const answer = await client.get(
    catalogPaths.products,
    { businessId, ...near, cursor },
    productListResponse,
  );
  if (isSuccess(answer)) return { items: answer.results, nextCursor: answer.nextCursor };
  throw new Error(answer.message);
}

export function useBusinessProducts(businessId: string, near: { lat?: number; lng?: number }) {
  return useInfiniteQuery({
    queryKey: businessKeys.products(businessId, near),
    queryFn: ({ pageParam }) => getBusinessProducts(businessId, near, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
  });
}
