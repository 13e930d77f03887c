import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  catalogPaths,
  isSuccess,
  serviceListResponse,
  type CatalogSort,
  type Service,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import type { Near } from '../../../lib/catalog/businesses-of-kind.ts';
import { serviceKeys } from './query-keys.ts';

/** The services screen's filters, as the query string of GET services takes them. */
export interface ServiceFilters {
  q?: string | undefined;
  /** A category slug of the service tree. */
  category?: string | undefined;
  businessId?: string | undefined;
  /** Minor units. */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  sort: CatalogSort;
  near: Near;
  limit?: number | undefined;
}

export interface ServicePage {
  results: Service[];
  nextCursor: string | null;
}

export async function getServices(
  filters: ServiceFilters,
  cursor: string | undefined,
  client: HttpClient = http,
): Promise<ServicePage> {
  const { near, ...rest } = filters;
  const answer = await client.get(
    catalogPaths.services,
    { ...rest, ...near, cursor },
    serviceListResponse,
  );
  if (isSuccess(answer)) return { results: answer.results, nextCursor: answer.nextCursor };
  throw new Error(answer.message);
}

export function useServices(filters: ServiceFilters) {
  return useInfiniteQuery({
    queryKey: serviceKeys.list(filters),
    queryFn: ({ pageParam }) => getServices(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 60_000,
  });
}

/** How many of a provider's services servicelist shows under its name. */
export const PROVIDER_PREVIEW_COUNT = 3;

/** A provider's first few services (one page, cheapest first) for its card on servicelist. */
export function useProviderServices(businessId: string, near: Near) {
  return useQuery({
    queryKey: serviceKeys.providerServices(businessId, near),
    queryFn: () =>
      getServices(
        { businessId, near, sort: 'price_asc', limit: PROVIDER_PREVIEW_COUNT },
        undefined,
      ),
    staleTime: 5 * 60_000,
  });
}
