import { useQuery } from '@tanstack/react-query';
import { catalogPaths, isSuccess, teamMemberResponse, type TeamMember } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { missingOrThrow, type Lookup } from './lookup.ts';
import { businessKeys } from './query-keys.ts';

/** GET one team member of a business. */
export async function getTeamMember(
  businessId: string,
  memberId: string,
  client: HttpClient = http,
): Promise<Lookup<TeamMember>> {
  const answer = await client.get(
    catalogPaths.businessTeamMember(businessId, memberId),
    undefined,
    teamMemberResponse,
  );
  if (isSuccess(answer)) return { found: true, value: answer.result };
  return missingOrThrow(answer);
}

export function useTeamMember(businessId: string, memberId: string) {
  return useQuery({
    queryKey: businessKeys.teamMember(businessId, memberId),
    queryFn: () => getTeamMember(businessId, memberId),
    enabled: businessId !== '' && memberId !== '',
    staleTime: 5 * 60_000,
  });
}
