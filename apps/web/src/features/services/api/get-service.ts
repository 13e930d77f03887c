import { useQuery } from '@tanstack/react-query';
import { catalogPaths, isSuccess, serviceResponse, type Service } from '@localmart/contract';
import { http, httpStatusOf, type HttpClient } from '../../../lib/http.ts';
import type { Near } from '../../../lib/catalog/businesses-of-kind.ts';
import { serviceKeys } from './query-keys.ts';

export type ServiceLookup = { found: true; service: Service } | { found: false };

/**
 * GET one service of a provider, with the distance when the shopper is located. "No such service"
 * (404, or 400 for ids that cannot exist) is an answer the screen states; anything else throws.
 */
export async function getService(
  businessId: string,
  serviceId: string,
  near: Near,
  client: HttpClient = http,
): Promise<ServiceLookup> {
  const answer = await client.get(
    catalogPaths.service(businessId, serviceId),
    { ...near },
    serviceResponse,
  );
  if (isSuccess(answer)) return { found: true, service: answer.result };
  const status = httpStatusOf(answer);
  if (status === 404 || status === 400) return { found: false };
  throw new Error(answer.message);
}

export function useService(businessId: string, serviceId: string, near: Near) {
  return useQuery({
    queryKey: [...serviceKeys.detail(businessId, serviceId), near],
    queryFn: () => getService(businessId, serviceId, near),
    enabled: businessId !== '' && serviceId !== '',
    staleTime: 60_000,
  });
}
