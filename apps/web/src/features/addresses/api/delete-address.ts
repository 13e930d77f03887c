import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commercePaths } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { addressKeys } from './query-keys.ts';

/** DELETE addresses/{id}: removes a saved address (orders keep their own copy). */
export function deleteAddress(addressId: string, client: HttpClient = http) {
  return client.del(commercePaths.address(addressId));
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (addressId: string) => deleteAddress(addressId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
