import { useQuery } from '@tanstack/react-query';
import { isSuccess, type ManageMe, manageMeResponse, managePaths } from '@localmart/contract';
import { http, httpStatusOf, type HttpClient } from '../../lib/http.ts';

export const manageMeKey = ['manage', 'me'] as const;

/** Thrown when the session is missing or no longer valid: the shell shows sign-in. */
export class SignInNeeded extends Error {}

export async function getManageMe(client: HttpClient = http): Promise<ManageMe> {
  const answer = await client.get(managePaths.me, undefined, manageMeResponse);
  if (isSuccess(answer)) return answer.result;
  if (httpStatusOf(answer) === 401) throw new SignInNeeded(answer.message);
  throw new Error(answer.message);
}

/** How often to ask again while a store waits for approval; an owner sitting on the page sees it. */
export const PENDING_POLL_MS = 60_000;

/** Poll while any of the user's stores is pending (approval happens in an admin's browser). */
export function pollWhilePending(me: ManageMe | undefined): number | false {
  return me?.stores.some((store) => store.status === 'pending') ? PENDING_POLL_MS : false;
}

/** Who is signed in, whether they are an admin, and their stores (the store switcher). */
export function useManageMe(enabled = true) {
  return useQuery({
    queryKey: manageMeKey,
    queryFn: () => getManageMe(),
    enabled,
    // A store's approval or a new membership happens elsewhere (an admin, another owner): coming back
    // to the tab shows it, instead of the status the site was opened with.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => pollWhilePending(query.state.data),
    retry: (count, error) => !(error instanceof SignInNeeded) && count < 1,
  });
}
