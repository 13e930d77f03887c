import {
  catalogPaths,
  isSuccess,
  productListResponse,
  type ProductSummary,
} from '@localmart/contract';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { http, type HttpClient, type QueryParams } from '../../../lib/http.ts';
import { productKeys } from './query-keys.ts';

export interface ProductPage {
  products: ProductSummary[];
  nextCursor: string | null;
  /** How the server read a search with a typo ("milk" for "mlik"); null when taken as typed. */
  correctedQuery: string | null;
}

/**
 * GET products: one keyset page of the grid. `params` are productListQuery's (see
 * model/product-filters.ts); `cursor` is the previous page's nextCursor. A failure throws so the
 * query reports it and the screen offers Retry.
 */
export async function getProducts(
  params: QueryParams,
  cursor: string | null = null,
  client: HttpClient = http,
): Promise<ProductPage> {
  const answer = await client.get(
    catalogPaths.products,
    cursor ? { ...params, cursor } : params,
    productListResponse,
  );
  if (isSuccess(answer)) {
    return {
      products: answer.results,
      nextCursor: answer.nextCursor,
      correctedQuery: answer.correctedQuery ?? null,
    };
  }
  throw new Error(answer.message);
}

export function useProducts(params: QueryParams) {
  return useInfiniteQuery({
    queryKey: productKeys.list(params),
    queryFn: ({ pageParam }) => getProducts(params, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // While a new search runs the old cards stay (dimmed) instead of flashing a skeleton per keypress.
    placeholderData: keepPreviousData,
    // Stock moves during the day, but not between two scrolls of the same list.
    staleTime: 60_000,
  });
}
