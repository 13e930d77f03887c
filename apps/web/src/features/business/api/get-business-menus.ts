import { useQuery } from '@tanstack/react-query';
import { catalogPaths, isSuccess, menuListResponse, type MenuSummary } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { businessKeys } from './query-keys.ts';

/** GET a restaurant's menus for its Menu tab. A failure throws so the tab offers Retry. */
export async function getBusinessMenus(
  businessId: string,
  client: HttpClient = http,
): Promise<MenuSummary[]> {
  const answer = await client.get(
    catalogPaths.businessMenus(businessId),
    undefined,
    menuListResponse,
  );
  if (isSuccess(answer)) return answer.results;
  throw new Error(answer.message);
}

export function useBusinessMenus(businessId: string) {
  return useQuery({
    queryKey: businessKeys.menus(businessId),
    queryFn: () => getBusinessMenus(businessId),
    staleTime: 5 * 60_000,
  });
}
