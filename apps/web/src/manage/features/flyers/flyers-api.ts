import {
  FLYER_PAGE_FIELD,
  type FlyerCreateRequest,
  type FlyerItemEdit,
  type ManagedFlyer,
  type ManagedFlyerSummary,
  type ManagedOffer,
  managedFlyerListResponse,
  managedFlyerResponse,
  managePaths,
  offerListResponse,
} from '@localmart/contract';
import { useQuery } from '@tanstack/react-query';
import { http, type HttpClient } from '../../../lib/http.ts';
import { assertSuccess } from '../../lib/api-answer.ts';

/**
 * Calls of the flyer editor. Each answers its record or throws an Error with the server's sentence,
 * so react-query's error state holds what to show. Every edit answers the whole flyer, which goes
 * straight into the flyer's query cache.
 */

export const flyerKeys = {
  all: (businessId: string) => ['manage', businessId, 'flyers'] as const,
  list: (businessId: string) => [...flyerKeys.all(businessId), 'list'] as const,
  flyer: (businessId: string, flyerId: string) =>
    [...flyerKeys.all(businessId), 'flyer', flyerId] as const,
  offers: (businessId: string, q: string) => [...flyerKeys.all(businessId), 'offers', q] as const,
};

type Answer = { status: 1; result: ManagedFlyer } | { status: 0; message: string };

function flyerOf(answer: Answer): ManagedFlyer {
  if (answer.status === 1) return answer.result;
  throw new Error(answer.message);
}

export interface FlyerList {
  flyers: ManagedFlyerSummary[];
  /** The store's local date: validity badges and the new flyer's default week. */
  today: string;
}

export const flyersApi = (businessId: string, client: HttpClient = http) => ({
  list: async (): Promise<FlyerList> => {
    const answer = await client.get(
      managePaths.flyers(businessId),
      undefined,
      managedFlyerListResponse,
    );
    assertSuccess(answer);
    return { flyers: answer.results, today: answer.today };
  },
  create: async (body: FlyerCreateRequest) =>
    flyerOf(await client.postJson(managePaths.flyers(businessId), body, managedFlyerResponse)),
  remove: async (flyerId: string) => {
    const answer = await client.del(managePaths.flyer(businessId, flyerId));
    assertSuccess(answer);
  },
  get: async (flyerId: string) =>
    flyerOf(
      await client.get(managePaths.flyer(businessId, flyerId), undefined, managedFlyerResponse),
    ),
  uploadPage: async (flyerId: string, file: File) => {
    const form = new FormData();
    form.append(FLYER_PAGE_FIELD, file);
    return flyerOf(
      await client.upload(managePaths.flyerPages(businessId, flyerId), form, managedFlyerResponse),
    );
  },
  movePage: async (pageId: string, pageNumber: number) =>
    flyerOf(
      await client.patch(
        managePaths.flyerPage(businessId, pageId),
        { pageNumber },
        managedFlyerResponse,
      ),
    ),
  deletePage: async (pageId: string) =>
    flyerOf(await client.del(managePaths.flyerPage(businessId, pageId), managedFlyerResponse)),
  saveItems: async (pageId: string, body: { items: FlyerItemEdit[] }) =>
    flyerOf(
      await client.put(managePaths.flyerPageItems(businessId, pageId), body, managedFlyerResponse),
    ),
  /** This store's offers matching `q` (the Products & stock search), to link a hotspot to. */
  searchOffers: async (q: string): Promise<ManagedOffer[]> => {
    const answer = await client.get(managePaths.offers(businessId), { q }, offerListResponse);
    assertSuccess(answer);
    return answer.results;
  },
});
export type FlyersApi = ReturnType<typeof flyersApi>;

export function useFlyerList(businessId: string) {
  return useQuery({
    queryKey: flyerKeys.list(businessId),
    queryFn: () => flyersApi(businessId).list(),
  });
}

export function useFlyer(businessId: string, flyerId: string) {
  return useQuery({
    queryKey: flyerKeys.flyer(businessId, flyerId),
    queryFn: () => flyersApi(businessId).get(flyerId),
  });
}

export function useOfferSearch(businessId: string, q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: flyerKeys.offers(businessId, query),
    queryFn: () => flyersApi(businessId).searchOffers(query),
    enabled: query.length >= 2,
    staleTime: 30_000,
  });
}
