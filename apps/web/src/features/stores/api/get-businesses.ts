import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  businessListResponse,
  catalogPaths,
  isSuccess,
  type BusinessSummary,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { businessListParams, type BusinessFilters } from './business-list-params.ts';
import { storesKeys } from './query-keys.ts';

export type { BusinessFilters } from './business-list-params.ts';

export interface BusinessPage {
  results: BusinessSummary[];
  nextCursor: string | null;
}

/** One page of stores. A failure throws so the query reports it and the list offers Retry. */
export async function getBusinesses(
  filters: BusinessFilters,
  cursor: string | undefined,
  client: HttpClient = http,
): Promise<BusinessPage> {
  const answer = await client.get(
    catalogPaths.businesses,
    businessListParams(filters, cursor),
    businessListResponse,
  );
  if (isSuccess(answer)) return { results: answer.results, nextCursor: answer.nextCursor };
  throw new Error(answer.message);
}

/** The list's query, shared by the page and the first-screen prefetch so both use one cache entry. */
export function businessesQuery(filters: BusinessFilters) {
  return infiniteQueryOptions({
    queryKey: storesKeys.list(filters),
    queryFn: ({ pageParam }) => getBusinesses(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: BusinessPage) => last.nextCursor ?? undefined,
    // Open state changes on the hour; a minute-old list is fine while scrolling back and forth.
    staleTime: 60_000,
  });
}

export function useBusinesses(filters: BusinessFilters) {
  return useInfiniteQuery({
    ...businessesQuery(filters),
    // While a new search or filter loads, the cards stay put instead of flashing to a skeleton.
    placeholderData: keepPreviousData,
  });
}
