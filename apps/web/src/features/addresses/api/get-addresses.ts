import { useQuery } from '@tanstack/react-query';
import { addressesResponse, commercePaths, isSuccess, type Address } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { addressKeys } from './query-keys.ts';

/** GET addresses: the shopper's address book. */
export async function getAddresses(client: HttpClient = http): Promise<Address[]> {
  const answer = await client.get(commercePaths.addresses, undefined, addressesResponse);
  if (isSuccess(answer)) return answer.results;
  throw new Error(answer.message);
}

export function useAddresses(enabled: boolean) {
  return useQuery({ queryKey: addressKeys.list(), queryFn: () => getAddresses(), enabled });
}
