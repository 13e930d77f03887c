import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  invitationAcceptResponse,
  invitationDetailResponse,
  invitationPaths,
  storeMessageResponse,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { assertSuccess } from '../../lib/api-answer.ts';
import { manageMeKey } from '../../lib/use-manage-me.ts';

export const invitationKey = (token: string) => ['manage', 'invitation', token] as const;

/** What the link's invitation offers the signed-in person (a read, though sent as POST: the token stays out of URLs the server logs). */
export async function lookupInvitation(token: string, client: HttpClient = http) {
  const answer = await client.postJson(invitationPaths.lookup, { token }, invitationDetailResponse);
  assertSuccess(answer);
  return answer.result;
}

export function useInvitation(token: string) {
  return useQuery({
    queryKey: invitationKey(token),
    queryFn: () => lookupInvitation(token),
    // A spent or expired link stays so; asking again would only say the same.
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Accept: answers the store, and `me` is read again so the store switcher lists it. */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const answer = await http.postJson(
        invitationPaths.accept,
        { token },
        invitationAcceptResponse,
      );
      assertSuccess(answer);
      return answer.result;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: manageMeKey }),
  });
}

export function useDeclineInvitation(token: string) {
  return useMutation({
    mutationFn: async () => {
      const answer = await http.postJson(invitationPaths.decline, { token }, storeMessageResponse);
      assertSuccess(answer);
      return answer.message ?? '';
    },
  });
}
