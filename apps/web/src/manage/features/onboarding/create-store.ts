import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateStoreRequest, createStoreResponse, managePaths } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { manageMeKey } from '../../lib/use-manage-me.ts';
import { assertSuccess } from '../../lib/api-answer.ts';

/** POST businesses: the new store (pending approval), the caller its owner. */
export async function createStore(body: CreateStoreRequest, client: HttpClient = http) {
  const answer = await client.postJson(managePaths.businesses, body, createStoreResponse);
  assertSuccess(answer);
  return answer.result;
}

/** Creates the store, then reads `me` again so the store switcher and the store pages know it. */
export function useCreateStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStoreRequest) => createStore(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: manageMeKey }),
  });
}
