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

export function useCategories(kind: BusinessKind) {
  return useQuery({
    queryKey: productKeys.categories(kind),
    queryFn: () => getCategories(kind),
    // The taxonomy changes with a release, not during a visit.
    staleTime: 60 * 60_000,
  });
}
