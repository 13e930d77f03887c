import {
  catalogPaths,
  categoryTreeResponse,
  isSuccess,
  type BusinessKind,
  type CategoryNode,
} from '@localmart/contract';
import { useQuery } from '@tanstack/react-query';
import { http, type HttpClient } from '../../../lib/http.ts';
import { productKeys } from './query-keys.ts';

/** GET categories?kind=: the whole (small) tree of one business kind, roots first. */
export async function getCategories(
  kind: BusinessKind,
  client: HttpClient = http,
): Promise<CategoryNode[]> {
  const answer = await client.get(catalogPaths.categories, { kind }, categoryTreeResponse);
  if (isSuccess(answer)) return answer.results;
  throw new Error(answer.message);
}

/** `enabled` false: the tree from the cache if there is one, no request (yet). */
export function useCategories(kind: BusinessKind, enabled = true) {
  return useQuery({
    queryKey: productKeys.categories(kind),
    queryFn: () => getCategories(kind),
    enabled,
    // The taxonomy changes with a release, not during a visit.
    staleTime: 60 * 60_000,
  });
}
