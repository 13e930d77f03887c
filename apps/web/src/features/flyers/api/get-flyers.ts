import { useInfiniteQuery } from '@tanstack/react-query';
import { catalogPaths, flyerListResponse, isSuccess, type FlyerSummary } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { flyerKeys } from './query-keys.ts';

export interface FlyerPage {
  flyers: FlyerSummary[];
  nextCursor: string | null;
}

export interface NearParams {
  lat?: number;
  lng?: number;
}

/**
 * GET flyers: this week's flyers, nearest first when the shopper's location is known (the server
 * sorts by distance whenever lat/lng are given). A failure throws so the list shows Retry.
 */
export async function getFlyers(
  near: NearParams,
  cursor: string | undefined,
  client: HttpClient = http,
): Promise<FlyerPage> {
  const sort = near.lat !== undefined && near.lng !== undefined ? 'distance' : undefined;
  const answer = await client.get(
    catalogPaths.flyers,
    { ...near, sort, cursor },
    flyerListResponse,
  );
  if (isSuccess(answer)) return { flyers: answer.results, nextCursor: answer.nextCursor };
  throw new Error(answer.message);
}

export function useFlyers(near: NearParams) {
  return useInfiniteQuery({
    queryKey: flyerKeys.list(near),
    queryFn: ({ pageParam }) => getFlyers(near, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Flyers change weekly; a minute keeps tab switches instant without going stale on stock.
    staleTime: 60_000,
  });
}
