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

/** The orders a store's Products tab offers (issue 17: it was in internal-id order). */
export const STORE_PRODUCT_SORTS = ['price_asc', 'price_desc', 'relevance'] as const;
export type StoreProductSort = (typeof STORE_PRODUCT_SORTS)[number];

/** What the shopper typed and picked in the tab; `relevance` needs a query. */
export interface StoreProductsView {
  q: string;
  sort: StoreProductSort;
}

/** GET products?businessId=: the store's Products tab, one keyset page at a time. */
export async function getBusinessProducts(
  businessId: string,
  near: { lat?: number; lng?: number },
  view: StoreProductsView,
  cursor: string | undefined,
  client: HttpClient = http,
): Promise<ProductsPage> {
  const q = view.q.trim();
  const answer = await client.get(
    catalogPaths.products,
    { businessId, ...near, q: q || undefined, sort: view.sort, cursor },
    productListResponse,
  );
  if (isSuccess(answer)) return { items: answer.results, nextCursor: answer.nextCursor };
  throw new Error(answer.message);
}

export function useBusinessProducts(
  businessId: string,
  near: { lat?: number; lng?: number },
  view: StoreProductsView,
) {
  return useInfiniteQuery({
    queryKey: [...businessKeys.products(businessId, near), view.q.trim(), view.sort],
    queryFn: ({ pageParam }) => getBusinessProducts(businessId, near, view, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
  });
}
