import { useQuery } from '@tanstack/react-query';
import { apiPaths, isSuccess, profileResponse } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { checkoutKeys } from './query-keys.ts';

/** GET profile, for its phone only: checkout offers it to the stores (issue 15). */
export async function getProfilePhone(client: HttpClient = http): Promise<string | null> {
  const answer = await client.get(apiPaths.profile, undefined, profileResponse);
  if (isSuccess(answer)) return answer.result.phone;
  throw new Error(answer.message);
}

export function useProfilePhone(enabled: boolean) {
  return useQuery({
    queryKey: checkoutKeys.profilePhone(),
    queryFn: () => getProfilePhone(),
    enabled,
  });
}
