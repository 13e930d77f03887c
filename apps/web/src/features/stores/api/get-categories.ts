import { useQuery } from '@tanstack/react-query';
import {
  catalogPaths,
  categoryTreeResponse,
  isSuccess,
  type BusinessKind,
  type CategoryNode,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { storesKeys } from './query-keys.ts';

/** GET categories?kind=...: the roots of that kind's tree (the chips of the Stores screen). */
export async function getCategories(
  kind: BusinessKind,
  client: HttpClient = http,
): Promise<CategoryNode[]> {
  const answer = await client.get(catalogPaths.categories, { kind }, categoryTreeResponse);
  if (isSuccess(answer)) return answer.results;
  throw new Error(answer.message);
}

/** Off while no kind is chosen: every kind has its own tree, and "All" shows no chips. */
export function useCategories(kind: BusinessKind | undefined) {
  return useQuery({
    queryKey: storesKeys.categories(kind ?? 'retail'),
    queryFn: () => getCategories(kind ?? 'retail'),
    enabled: kind !== undefined,
    // The trees change when an admin edits them, not while someone browses.
    staleTime: 30 * 60_000,
  });
}
