import { useQuery } from '@tanstack/react-query';
import { catalogPaths, isSuccess, menuListResponse, type MenuSummary } from '@localmart/contract';
import { http, type HttpClient } from '../http.ts';

/**
 * A restaurant's menus (a short, whole list): the store page's Menu tab and the food pages both show
 * them, so they share one fetcher and one cache entry. Lives in lib because features never import
 * each other. A failure throws so the screen offers Retry.
 */
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

export const businessMenusKey = (businessId: string) => ['menus', businessId] as const;

export function useBusinessMenus(businessId: string) {
  return useQuery({
    queryKey: businessMenusKey(businessId),
    queryFn: () => getBusinessMenus(businessId),
    // Menus change when the restaurant edits them, not while someone scrolls.
    staleTime: 5 * 60_000,
  });
}
