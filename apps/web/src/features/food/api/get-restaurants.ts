import { useInfiniteQuery } from '@tanstack/react-query';
import {
  businessListResponse,
  catalogPaths,
  isSuccess,
  type BusinessSummary,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { foodKeys } from './query-keys.ts';

/** The shopper's coordinates when known (nearParams of the location hook), else nothing. */
export type Near = { lat: number; lng: number } | Record<string, never>;

export interface RestaurantPage {
  results: BusinessSummary[];
  nextCursor: string | null;
}

/** GET businesses?kind=restaurant: nearest first when a location is known, else by name. */
export async function getRestaurants(
  near: Near,
  cursor: string | undefined,
  client: HttpClient = http,
): Promise<RestaurantPage> {
  const sort = 'lat' in near ? 'distance' : 'relevance';
  const answer = await client.get(
    catalogPaths.businesses,
    { kind: 'restaurant', sort, cursor, ...near },
    businessListResponse,
  );
  if (isSuccess(answer)) return { results: answer.results, nextCursor: answer.nextCursor };
  throw new Error(answer.message);
}

export function useRestaurants(near: Near) {
  return useInfiniteQuery({
    queryKey: foodKeys.restaurants(near),
    queryFn: ({ pageParam }) => getRestaurants(near, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 60_000,
  });
}
