import { useQuery } from '@tanstack/react-query';
import {
  apiPaths,
  CMS_FIRST_PAGE,
  CMS_PAGE_SIZE,
  isSuccess,
  pagesResponse,
  type CmsPageSummary,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { cmsKeys } from './query-keys.ts';

/**
 * GET pages (spec §7): page 1, page size 10 (spec §9), with the bearer token when one is held;
 * anonymous visitors get the same list. A failure throws so the query reports it.
 */
export async function getPages(client: HttpClient = http): Promise<CmsPageSummary[]> {
  const answer = await client.get(
    apiPaths.pages,
    { page: CMS_FIRST_PAGE, limit: CMS_PAGE_SIZE },
    pagesResponse,
  );
  if (isSuccess(answer)) return answer.results;
  throw new Error(answer.message);
}

export function usePages() {
  return useQuery({
    queryKey: cmsKeys.pages(),
    queryFn: () => getPages(),
    // The list changes when an editor publishes a page, not while someone browses.
    staleTime: 5 * 60_000,
  });
}
