import { useQuery } from '@tanstack/react-query';
import { catalogPaths, isSuccess, menuResponse, type Menu } from '@localmart/contract';
import { http, httpStatusOf, type HttpClient } from '../../../lib/http.ts';
import { foodKeys } from './query-keys.ts';

export type MenuLookup = { found: true; menu: Menu } | { found: false };

/**
 * GET one menu. "No such menu" (404, or 400 for ids that cannot exist) is an answer the screen
 * states, not an error to retry; anything else throws.
 */
export async function getMenu(
  businessId: string,
  menuId: string,
  client: HttpClient = http,
): Promise<MenuLookup> {
  const answer = await client.get(catalogPaths.menu(businessId, menuId), undefined, menuResponse);
  if (isSuccess(answer)) return { found: true, menu: answer.result };
  const status = httpStatusOf(answer);
  if (status === 404 || status === 400) return { found: false };
  throw new Error(answer.message);
}

export function useMenu(businessId: string, menuId: string) {
  return useQuery({
    queryKey: foodKeys.menu(businessId, menuId),
    queryFn: () => getMenu(businessId, menuId),
    enabled: businessId !== '' && menuId !== '',
    staleTime: 60_000,
  });
}
