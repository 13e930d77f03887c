import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AddStoreMemberRequest,
  managePaths,
  storeMemberListResponse,
  storeMessageResponse,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { manageMeKey } from '../../lib/use-manage-me.ts';
import { assertSuccess } from '../../lib/api-answer.ts';

export const membersKey = (businessId: string) =>
  ['manage', 'store', businessId, 'members'] as const;

export async function getMembers(businessId: string, client: HttpClient = http) {
  const answer = await client.get(
    managePaths.members(businessId),
    undefined,
    storeMemberListResponse,
  );
  assertSuccess(answer);
  return answer.results;
}

export function useMembers(businessId: string) {
  return useQuery({ queryKey: membersKey(businessId), queryFn: () => getMembers(businessId) });
}

/** Add or remove a member; the list and `me` (your own role may change) are read again. */
function useMemberWrite<T>(businessId: string, call: (input: T) => Promise<string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersKey(businessId) }),
        queryClient.invalidateQueries({ queryKey: manageMeKey }),
      ]),
  });
}

export function useAddMember(businessId: string) {
  return useMemberWrite(businessId, async (body: AddStoreMemberRequest) => {
    const answer = await http.postJson(managePaths.members(businessId), body, storeMessageResponse);
    assertSuccess(answer);
    return answer.message ?? '';
  });
}

export function useRemoveMember(businessId: string) {
  return useMemberWrite(businessId, async (userId: string) => {
    const answer = await http.del(managePaths.member(businessId, userId), storeMessageResponse);
    assertSuccess(answer);
    return answer.message ?? '';
  });
}
