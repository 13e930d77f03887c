import { useQuery } from '@tanstack/react-query';
import {
  businessDetailResponse,
  catalogPaths,
  isSuccess,
  type BusinessDetail,
} from '@localmart/contract';
import { http, type HttpClient, type QueryParams } from '../../../lib/http.ts';
import { nearParams, useShopperLocation } from '../../../lib/location/use-shopper-location.ts';
import { missingOrThrow, type Lookup } from './lookup.ts';
import { businessKeys } from './query-keys.ts';

/**
 * GET one business: the store page's header, hours, fulfilment and which tabs it has. `near` (the
 * shopper's {lat, lng}, or nothing) puts the distance on it.
 */
export async function getBusiness(
  id: string,
  near: QueryParams = {},
  client: HttpClient = http,
): Promise<Lookup<BusinessDetail>> {
  const answer = await client.get(catalogPaths.business(id), near, businessDetailResponse);
  if (isSuccess(answer)) return { found: true, value: answer.result };
  return missingOrThrow(answer);
}

export function useBusiness(id: string) {
  const { location } = useShopperLocation();
  const near = nearParams(location);
  return useQuery({
    queryKey: businessKeys.detail(id, near),
    queryFn: () => getBusiness(id, near),
    enabled: id !== '',
    // The open state is computed at answer time; a minute keeps "Open now" honest.
    staleTime: 60_000,
  });
}
