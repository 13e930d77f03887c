import { useInfiniteQuery } from '@tanstack/react-query';
import { catalogPaths, isSuccess, serviceListResponse, type Service } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { businessKeys } from './query-keys.ts';

export interface ServicesPage {
  items: Service[];
  nextCursor: string | null;
}

/** GET services?businessId=: a provider's Services tab. */
export async function getBusinessServices(
  businessId: string,
  cursor: string | undefined,
  client: HttpClient = http,
): Promise<ServicesPage> {
  const answer = await client.get(
    catalogPaths.services,
    { businessId, cursor },
    serviceListResponse,
  );
  if (isSuccess(answer)) return { items: answer.results, nextCursor: answer.nextCursor };
  throw new Error(answer.message);
}

export function useBusinessServices(businessId: string) {
  return useInfiniteQuery({
    queryKey: businessKeys.services(businessId),
    queryFn: ({ pageParam }) => getBusinessServices(businessId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 5 * 60_000,
  });
}
