import { useMutation } from '@tanstack/react-query';
import {
  commercePaths,
  isSuccess,
  priceMatchResponse,
  type PriceMatch,
  type PriceMatchRequest,
} from '@localmart/contract';
import { http, type HttpClient, type HttpFailure } from '../../lib/http.ts';

export type PriceMatchOutcome =
  { ok: true; priceMatch: PriceMatch } | { ok: false; failure: HttpFailure };

/** POST price-matches: the store decides later, from its own site. */
export async function requestPriceMatch(
  body: PriceMatchRequest,
  client: HttpClient = http,
): Promise<PriceMatchOutcome> {
  const answer = await client.postJson(commercePaths.priceMatches, body, priceMatchResponse);
  if (isSuccess(answer)) return { ok: true, priceMatch: answer.result };
  return { ok: false, failure: answer };
}

export function useRequestPriceMatch() {
  return useMutation({ mutationFn: (body: PriceMatchRequest) => requestPriceMatch(body) });
}
