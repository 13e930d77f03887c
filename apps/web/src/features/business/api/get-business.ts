import { useQuery } from '@tanstack/react-query';
import {
  businessDetailResponse,
  catalogPaths,
  isSuccess,
  type BusinessDetail,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { missingOrThrow, type Lookup } from './lookup.ts';
import { businessKeys } from './query-keys.ts';

/** GET one business: the store page's header, hours, fulfilment and which tabs it has. */
export async function getBusiness(
  id: string,
  client: HttpClient = http,
): Promise<Lookup<BusinessDetail>> {
  const answer = await client.get(catalogPaths.business(id), undefined, businessDetailResponse);
  if (isSuccess(answer)) return { found: true, value: answer.result };
  return missingOrThrow(answer);
}

export function useBusiness(id: string) {
  return useQuery({
    queryKey: businessKeys.detail(id),
    queryFn: () => getBusiness(id),
    enabled: id !== '',
    // The open state is computed at answer time; a minute keeps "Open now" honest.
    staleTime: 60_000,
  });
}
