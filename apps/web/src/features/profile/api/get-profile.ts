import { useQuery } from '@tanstack/react-query';
import { apiPaths, isSuccess, profileResponse, type Profile } from '@localmart/contract';
import { http, httpStatusOf, type HttpClient } from '../../../lib/http.ts';
import { profileKeys } from './query-keys.ts';

export type ProfileLookup = { signedIn: true; profile: Profile } | { signedIn: false };

/**
 * GET profile with the bearer token: the signed-in user's own profile. A 401 is an answer (the
 * session has ended), not an error; anything else failing throws so the page can offer a retry.
 */
export async function getProfile(client: HttpClient = http): Promise<ProfileLookup> {
  const answer = await client.get(apiPaths.profile, undefined, profileResponse);
  if (isSuccess(answer)) return { signedIn: true, profile: answer.result };
  if (httpStatusOf(answer) === 401) return { signedIn: false };
  throw new Error(answer.message);
}

export function useProfile(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.profile(userId),
    queryFn: () => getProfile(),
    enabled,
    retry: false,
  });
}
