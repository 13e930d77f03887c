import { useQuery } from '@tanstack/react-query';
import { catalogPaths, flyerResponse, isSuccess, type Flyer } from '@localmart/contract';
import { http, httpStatusOf, type HttpClient } from '../../../lib/http.ts';
import { flyerKeys } from './query-keys.ts';

export type FlyerLookup = { found: true; flyer: Flyer } | { found: false };

/**
 * GET one flyer with its pages and hotspots. Linked items carry their live offer, so the answer is
 * refetched on focus rather than cached for long: stock is the point of tapping a hotspot.
 * An unknown id (404) or one that cannot exist (400) is "not found", not an error to retry.
 */
export async function getFlyer(id: string, client: HttpClient = http): Promise<FlyerLookup> {
  const answer = await client.get(catalogPaths.flyer(id), undefined, flyerResponse);
  if (isSuccess(answer)) return { found: true, flyer: answer.result };
  const status = httpStatusOf(answer);
  if (status === 404 || status === 400) return { found: false };
  throw new Error(answer.message);
}

export function useFlyer(id: string) {
  return useQuery({
    queryKey: flyerKeys.detail(id),
    queryFn: () => getFlyer(id),
    enabled: id !== '',
    staleTime: 30_000,
  });
}
