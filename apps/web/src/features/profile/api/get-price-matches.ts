import { useQuery } from '@tanstack/react-query';
import {
  commercePaths,
  isSuccess,
  pendingFirstNewest,
  priceMatchesResponse,
  STORAGE_KEYS,
  type PriceMatch,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { useSession, useStoredValue } from '../../../lib/storage.ts';
import { useDemoUser } from '../model/demo-user.ts';
import { profileKeys } from './query-keys.ts';

/** GET price-matches: the signed-in shopper's own requests and the stores' answers. */
export async function getPriceMatches(client: HttpClient = http): Promise<PriceMatch[]> {
  const answer = await client.get(commercePaths.priceMatches, undefined, priceMatchesResponse);
  // The server answers newest first; pending ones go on top, as in the store's queue.
  if (isSuccess(answer)) return pendingFirstNewest(answer.results);
  throw new Error(answer.message);
}

/** Only a server account has requests: a demo Google session (spec §4) is never asked for them. */
export function usePriceMatches() {
  const session = useSession();
  const userId = useStoredValue(STORAGE_KEYS.userId) ?? '';
  const demoUser = useDemoUser();
  return useQuery({
    queryKey: profileKeys.priceMatches(userId),
    queryFn: () => getPriceMatches(),
    enabled: session.isLoggedIn && demoUser === null,
    // Asked on a product page and answered on the store's site, so a list cached a minute ago may
    // miss both; opening the profile asks again, showing the cached list meanwhile.
    staleTime: 0,
  });
}
