import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  envelopeSchema,
  livePaths,
  managePaths,
  type StoreAlertPreferences,
  storeAlertPreferences,
  storeOrderListResponse,
  successEnvelopeSchema,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { assertSuccess } from '../../lib/api-answer.ts';

/** Every query of a store starts with this key (the orders feature's too): one sweep refreshes them. */
export const storeKeyPrefix = (businessId: string) => ['manage', businessId] as const;

const unansweredKey = (businessId: string) =>
  [...storeKeyPrefix(businessId), 'orders', 'unanswered'] as const;
const preferencesKey = (businessId: string) =>
  [...storeKeyPrefix(businessId), 'alert-preferences'] as const;

/** Orders waiting for the store's answer (the New tab's count): the tab title and icon show it. */
export async function getUnansweredCount(
  businessId: string,
  client: HttpClient = http,
): Promise<number> {
  const answer = await client.get(
    managePaths.orders(businessId),
    { filter: 'new' },
    storeOrderListResponse,
  );
  assertSuccess(answer);
  return answer.result.counts.new;
}

/** Read again on every live event (the sweep) and every 60 s in case the stream is down. */
export function useUnansweredCount(businessId: string, enabled: boolean) {
  return useQuery({
    queryKey: unansweredKey(businessId),
    queryFn: () => getUnansweredCount(businessId),
    enabled,
    refetchInterval: 60_000,
  });
}

const preferencesResponse = envelopeSchema(
  successEnvelopeSchema({ result: storeAlertPreferences }),
);

export async function getAlertPreferences(
  businessId: string,
  client: HttpClient = http,
): Promise<StoreAlertPreferences> {
  const answer = await client.get(
    livePaths.storeAlertPreferences(businessId),
    undefined,
    preferencesResponse,
  );
  assertSuccess(answer);
  return answer.result;
}

export async function saveAlertPreferences(
  businessId: string,
  preferences: StoreAlertPreferences,
  client: HttpClient = http,
): Promise<{ message: string; result: StoreAlertPreferences }> {
  const answer = await client.put(
    livePaths.storeAlertPreferences(businessId),
    preferences,
    preferencesResponse,
  );
  assertSuccess(answer);
  return { message: answer.message ?? 'Saved', result: answer.result };
}

export function useAlertPreferences(businessId: string) {
  return useQuery({
    queryKey: preferencesKey(businessId),
    queryFn: () => getAlertPreferences(businessId),
  });
}

export function useSaveAlertPreferences(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: StoreAlertPreferences) =>
      saveAlertPreferences(businessId, preferences),
    onSuccess: ({ result }) => queryClient.setQueryData(preferencesKey(businessId), result),
  });
}
