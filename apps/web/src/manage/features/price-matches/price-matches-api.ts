import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isSuccess,
  managePaths,
  storePriceMatchesResponse,
  storePriceMatchResponse,
  type PriceMatchDecisionRequest,
  type StorePriceMatch,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { assertSuccess } from '../../lib/api-answer.ts';

export const priceMatchesKey = (businessId: string) =>
  ['manage', businessId, 'price-matches'] as const;

/** GET price-matches: the store's requests, pending first. */
export async function getPriceMatches(
  businessId: string,
  client: HttpClient = http,
): Promise<StorePriceMatch[]> {
  const answer = await client.get(
    managePaths.priceMatches(businessId),
    undefined,
    storePriceMatchesResponse,
  );
  assertSuccess(answer);
  return answer.results;
}

export function usePriceMatches(businessId: string) {
  return useQuery({
    queryKey: priceMatchesKey(businessId),
    queryFn: () => getPriceMatches(businessId),
  });
}

export interface DecisionResult {
  ok: boolean;
  message: string;
  request: StorePriceMatch | null;
}

/** POST price-matches/{id}/decision: a refusal comes back as `ok: false` with the server's words. */
export async function decidePriceMatch(
  businessId: string,
  requestId: string,
  body: PriceMatchDecisionRequest,
  client: HttpClient = http,
): Promise<DecisionResult> {
  const answer = await client.postJson(
    managePaths.priceMatchDecision(businessId, requestId),
    body,
    storePriceMatchResponse,
  );
  if (isSuccess(answer)) return { ok: true, message: answer.message ?? '', request: answer.result };
  return { ok: false, message: answer.message, request: null };
}

export function useDecidePriceMatch(businessId: string, requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PriceMatchDecisionRequest) => decidePriceMatch(businessId, requestId, body),
    onSuccess: (result) => {
      const decided = result.request;
      if (!decided) return;
      queryClient.setQueryData<StorePriceMatch[]>(priceMatchesKey(businessId), (list) =>
        list?.map((entry) => (entry.id === decided.id ? decided : entry)),
      );
    },
  });
}
