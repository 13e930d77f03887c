import { useQuery } from '@tanstack/react-query';
import { type ManagedStoreDetail, managedStoreResponse, managePaths } from '@localmart/contract';
import { http, type HttpClient } from '../../lib/http.ts';
import { assertSuccess } from './api-answer.ts';

/** Query keys of one store's record on the manage site (settings, status, review note). */
export const storeKeys = {
  detail: (businessId: string) => ['manage', 'store', businessId] as const,
};

/** GET business: the store as its members see it. */
export async function getManagedStore(
  businessId: string,
  client: HttpClient = http,
): Promise<ManagedStoreDetail> {
  const answer = await client.get(
    managePaths.business(businessId),
    undefined,
    managedStoreResponse,
  );
  assertSuccess(answer);
  return answer.result;
}

export function useManagedStore(businessId: string, enabled = true) {
  return useQuery({
    queryKey: storeKeys.detail(businessId),
    queryFn: () => getManagedStore(businessId),
    enabled,
  });
}
