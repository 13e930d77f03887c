import { useQuery } from '@tanstack/react-query';
import { apiPaths, isSuccess, pageResponse, type CmsPage } from '@localmart/contract';
import { http, httpStatusOf, type HttpClient } from '../../../lib/http.ts';
import { cmsKeys } from './query-keys.ts';

export type PageLookup = { found: true; page: CmsPage } | { found: false };

/**
 * GET one CMS page by its record id. "No such page" is an answer (404, or 400 for an id that cannot
 * exist), not an error: the screen says so instead of offering a retry. Anything else throws.
 */
export async function getPage(id: string, client: HttpClient = http): Promise<PageLookup> {
  const answer = await client.get(apiPaths.page(id), undefined, pageResponse);
  if (isSuccess(answer)) return { found: true, page: answer.result };
  const status = httpStatusOf(answer);
  if (status === 404 || status === 400) return { found: false };
  throw new Error(answer.message);
}

export function usePage(id: string) {
  return useQuery({
    queryKey: cmsKeys.page(id),
    queryFn: () => getPage(id),
    enabled: id !== '',
    staleTime: 5 * 60_000,
    // A retry button is shown instead of silent retries, so failures surface quickly.
    retry: false,
  });
}
