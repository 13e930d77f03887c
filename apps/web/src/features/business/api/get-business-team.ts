import { useQuery } from '@tanstack/react-query';
import { catalogPaths, isSuccess, teamResponse, type TeamMember } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { missingOrThrow, type Lookup } from './lookup.ts';
import { businessKeys } from './query-keys.ts';

/** GET a business's team; an unknown business is "not found" (the page says so). */
export async function getBusinessTeam(
  businessId: string,
  client: HttpClient = http,
): Promise<Lookup<TeamMember[]>> {
  const answer = await client.get(catalogPaths.businessTeam(businessId), undefined, teamResponse);
  if (isSuccess(answer)) return { found: true, value: answer.results };
  return missingOrThrow(answer);
}

export function useBusinessTeam(businessId: string) {
  return useQuery({
    queryKey: businessKeys.team(businessId),
    queryFn: () => getBusinessTeam(businessId),
    enabled: businessId !== '',
    staleTime: 5 * 60_000,
  });
}
