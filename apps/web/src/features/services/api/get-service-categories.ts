import { useQuery } from '@tanstack/react-query';
import {
  catalogPaths,
  categoryTreeResponse,
  isSuccess,
  type CategoryNode,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { serviceKeys } from './query-keys.ts';

/** GET categories?kind=service: the trades (roots of the service tree) for the category chips. */
export async function getServiceCategories(client: HttpClient = http): Promise<CategoryNode[]> {
  const answer = await client.get(
    catalogPaths.categories,
    { kind: 'service' },
    categoryTreeResponse,
  );
  if (isSuccess(answer)) return answer.results;
  throw new Error(answer.message);
}

export function useServiceCategories() {
  return useQuery({
    queryKey: serviceKeys.categories(),
    queryFn: () => getServiceCategories(),
    // The tree changes with a release, not during a visit.
    staleTime: 30 * 60_000,
  });
}
