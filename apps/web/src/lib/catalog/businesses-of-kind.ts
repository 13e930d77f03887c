import { useInfiniteQuery } from '@tanstack/react-query';
import {
  businessListResponse,
  catalogPaths,
  isSuccess,
  type BusinessKind,
  type BusinessSummary,
} from '@localmart/contract';
import { http, type HttpClient } from '../http.ts';

/** The shopper's coordinates when known (nearParams of the location hook), else nothing. */
export type Near = { lat: number; lng: number } | Record<string, never>;

export interface BusinessPage {
  results: BusinessSummary[];
  nextCursor: string | null;
}

/**
 * GET businesses?kind=…: nearest first when a location is known, else by name. The restaurants of
 * menulist and the providers of servicelist are the same list of another kind.
 */
export async function getBusinessesOfKind(
  kind: BusinessKind,
  near: Near,
  cursor: string | undefined,
  client: HttpClient = http,
): Promise<BusinessPage> {
  const sort = 'lat' in near ? 'distance' : 'relevance';
  const answer = await client.get(
    catalogPaths.businesses,
    { kind, sort, cursor, ...near },
    businessListResponse,
  );
  if (isSuccess(answer)) return { results: answer.results, nextCursor: answer.nextCursor };
  throw new Error(answer.message);
}

export function useBusinessesOfKind(kind: BusinessKind, near: Near) {
  return useInfiniteQuery({
    queryKey: ['businesses-of-kind', kind, near] as const,
    queryFn: ({ pageParam }) => getBusinessesOfKind(kind, near, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 60_000,
  });
}
