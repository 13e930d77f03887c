import { useInfiniteQuery } from '@tanstack/react-query';
import { catalogPaths, flyerListResponse, isSuccess, type FlyerSummary } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { businessKeys } from './query-keys.ts';

export interface FlyersPage {
  items: FlyerSummary[];
  nextCursor: string | null;
}

/** GET flyers?businessId=: the store's current flyers for its Flyers tab. */
export async function getBusinessFlyers(
  businessId: string,
  cursor: string | undefined,
  client: HttpClient = http,
): Promise<FlyersPage> {
  const answer = await client.get(catalogPaths.flyers, { businessId, cursor }, flyerListResponse);
  if (isSuccess(answer)) return { items: answer.results, nextCursor: answer.nextCursor };
  throw new Error(answer.message);
}

export function useBusinessFlyers(businessId: string) {
  return useInfiniteQuery({
    queryKey: businessKeys.flyers(businessId),
    queryFn: ({ pageParam }) => getBusinessFlyers(businessId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 60_000,
  });
}
