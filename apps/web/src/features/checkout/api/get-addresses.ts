import { useQuery } from '@tanstack/react-query';
import { addressesResponse, commercePaths, isSuccess, type Address } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { checkoutKeys } from './query-keys.ts';

/** GET addresses: the shopper's saved delivery addresses, for the same-day delivery picker. */
export async function getSavedAddresses(client: HttpClient = http): Promise<Address[]> {
  const answer = await client.get(commercePaths.addresses, undefined, addressesResponse);
  if (isSuccess(answer)) return answer.results;
  throw new Error(answer.message);
}

export function useSavedAddresses(enabled: boolean) {
  return useQuery({
    queryKey: checkoutKeys.addresses(),
    queryFn: () => getSavedAddresses(),
    enabled,
  });
}
