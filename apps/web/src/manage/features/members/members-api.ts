import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ChangeMemberRoleRequest,
  invitationPaths,
  type InviteMemberRequest,
  managePaths,
  pendingInvitationListResponse,
  storeMemberListResponse,
  storeMessageResponse,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { manageMeKey } from '../../lib/use-manage-me.ts';
import { assertSuccess } from '../../lib/api-answer.ts';

export const membersKey = (businessId: string) =>
  ['manage', 'store', businessId, 'members'] as const;
export const invitationsKey = (businessId: string) =>
  ['manage', 'store', businessId, 'invitations'] as const;

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

export async function getInvitations(businessId: string, client: HttpClient = http) {
  const answer = await client.get(
    invitationPaths.invitations(businessId),
    undefined,
    pendingInvitationListResponse,
  );
  assertSuccess(answer);
  return answer.results;
}

export function useInvitations(businessId: string) {
  return useQuery({
    queryKey: invitationsKey(businessId),
    queryFn: () => getInvitations(businessId),
  });
}

/**
 * A write on members or invitations; both lists and `me` (your own role may change) are read again.
 * Answers the server's sentence for the page to show.
 */
function useMemberWrite<T>(businessId: string, call: (input: T) => Promise<string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersKey(businessId) }),
        queryClient.invalidateQueries({ queryKey: invitationsKey(businessId) }),
        queryClient.invalidateQueries({ queryKey: manageMeKey }),
      ]),
  });
}

export function useInvite(businessId: string) {
  return useMemberWrite(businessId, async (body: InviteMemberRequest) => {
    const answer = await http.postJson(
      invitationPaths.invitations(businessId),
      body,
      storeMessageResponse,
    );
    assertSuccess(answer);
    return answer.message ?? '';
  });
}

export function useResendInvitation(businessId: string) {
  return useMemberWrite(businessId, async (invitationId: string) => {
    const answer = await http.postJson(
      invitationPaths.invitationResend(businessId, invitationId),
      {},
      storeMessageResponse,
    );
    assertSuccess(answer);
    return answer.message ?? '';
  });
}

export function useRevokeInvitation(businessId: string) {
  return useMemberWrite(businessId, async (invitationId: string) => {
    const answer = await http.del(
      invitationPaths.invitation(businessId, invitationId),
      storeMessageResponse,
    );
    assertSuccess(answer);
    return answer.message ?? '';
  });
}

export function useChangeRole(businessId: string) {
  return useMemberWrite(
    businessId,
    async ({ userId, role }: { userId: string } & ChangeMemberRoleRequest) => {
      const answer = await http.patch(
        managePaths.member(businessId, userId),
        { role },
        storeMessageResponse,
      );
      assertSuccess(answer);
      return answer.message ?? '';
    },
  );
}

export function useRemoveMember(businessId: string) {
  return useMemberWrite(businessId, async (userId: string) => {
    const answer = await http.del(managePaths.member(businessId, userId), storeMessageResponse);
    assertSuccess(answer);
    return answer.message ?? '';
  });
}
