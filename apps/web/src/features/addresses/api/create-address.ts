import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addressResponse, commercePaths, type AddressInput } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { addressKeys } from './query-keys.ts';

/** POST addresses: saves a delivery address; answers it with its id. */
export function createAddress(body: AddressInput, client: HttpClient = http) {
  return client.postJson(commercePaths.addresses, body, addressResponse);
}

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddressInput) => createAddress(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
