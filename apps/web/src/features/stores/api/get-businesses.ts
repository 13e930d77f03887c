import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  businessListResponse,
  catalogPaths,
  isSuccess,
  type BusinessKind,
  type BusinessSummary,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { storesKeys } from './query-keys.ts';

/** What the Stores screen filters by; the query string of GET businesses (businessListQuery). */
export interface BusinessFilters {
  q?: string | undefined;
  kind?: BusinessKind | undefined;
  category?: string | undefined;
  openNow?: boolean | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
}

export interface BusinessPage {
  results: BusinessSummary[];
  nextCursor: string | null;
}

/**
 * One page of stores. Nearest first when the shopper has a location (the issue: "sorted by
 * distance"), else the server's order (text rank for a search, then name). A failure throws so the
 * query reports it and the list offers Retry.
 */
export async function getBusinesses(
  filters: BusinessFilters,
  cursor: string | undefined,
  client: HttpClient = http,
): Promise<BusinessPage> {
  const located = filters.lat !== undefined && filters.lng !== undefined;
  const answer = await client.get(
    catalogPaths.businesses,
    {
      q: filters.q || undefined,
      kind: filters.kind,
      category: filters.category,
      // Only sent when on: the server's default is off, and a shorter URL caches better.
      openNow: filters.openNow ? true : undefined,
      lat: filters.lat,
      lng: filters.lng,
      sort: located ? 'distance' : undefined,
      cursor,
    },
    businessListResponse,
  );
  if (isSuccess(answer)) return { results: answer.results, nextCursor: answer.nextCursor };
  throw new Error(answer.message);
}

export function useBusinesses(filters: BusinessFilters) {
  return useInfiniteQuery({
    queryKey: storesKeys.list(filters),
    queryFn: ({ pageParam }) => getBusinesses(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Open state changes on the hour; a minute-old list is fine while scrolling back and forth.
    staleTime: 60_000,
    // While a new search or filter loads, the cards stay put instead of flashing to a skeleton.
    placeholderData: keepPreviousData,
  });
}
