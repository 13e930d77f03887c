import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type FeedFetch,
  feedFetchesResponse,
  feedFetchResponse,
  type FeedSchedule,
  type FeedScheduleRequest,
  feedScheduleResponse,
  IMPORT_PROGRESS_POLL_MS,
  isFeedFetchFinished,
  isSuccess,
  managePaths,
} from '@localmart/contract';
import { useEffect } from 'react';
import { http, type HttpClient } from '../../../lib/http.ts';
import { importsKey } from './inventory-api.ts';

/** Scheduled feed fetch (docs/decisions/0023): the schedule, its runs, Fetch now. */

export const feedScheduleKey = (businessId: string) =>
  ['manage', businessId, 'feed-schedule'] as const;
export const feedFetchesKey = (businessId: string) =>
  ['manage', businessId, 'feed-fetches'] as const;

export async function getFeedSchedule(
  businessId: string,
  client: HttpClient = http,
): Promise<FeedSchedule> {
  const answer = await client.get(
    managePaths.inventoryFeedSchedule(businessId),
    undefined,
    feedScheduleResponse,
  );
  if (!isSuccess(answer)) throw new Error(answer.message);
  return answer.result;
}

export function useFeedSchedule(businessId: string) {
  return useQuery({
    queryKey: feedScheduleKey(businessId),
    queryFn: () => getFeedSchedule(businessId),
  });
}

export type Answer<T> = { ok: true; value: T; message: string } | { ok: false; message: string };

export async function saveFeedSchedule(
  businessId: string,
  body: FeedScheduleRequest,
  client: HttpClient = http,
): Promise<Answer<FeedSchedule>> {
  const answer = await client.put(
    managePaths.inventoryFeedSchedule(businessId),
    body,
    feedScheduleResponse,
  );
  return isSuccess(answer)
    ? { ok: true, value: answer.result, message: answer.message ?? '' }
    : { ok: false, message: answer.message };
}

export function useSaveFeedSchedule(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedScheduleRequest) => saveFeedSchedule(businessId, body),
    onSuccess: (answer) => {
      if (answer.ok) queryClient.setQueryData(feedScheduleKey(businessId), answer.value);
    },
  });
}

export async function getFeedFetches(
  businessId: string,
  client: HttpClient = http,
): Promise<FeedFetch[]> {
  const answer = await client.get(
    managePaths.inventoryFeedFetches(businessId),
    undefined,
    feedFetchesResponse,
  );
  if (!isSuccess(answer)) throw new Error(answer.message);
  return answer.results;
}

/** The runs, newest first; asked again every second while one is queued or running. */
export function useFeedFetches(businessId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: feedFetchesKey(businessId),
    queryFn: () => getFeedFetches(businessId),
    refetchInterval: (current) =>
      current.state.data?.some((run) => !isFeedFetchFinished(run.status))
        ? IMPORT_PROGRESS_POLL_MS
        : false,
  });
  const running = query.data?.some((run) => !isFeedFetchFinished(run.status)) ?? false;
  useEffect(() => {
    // A run that finished made an import: the import history below shows it too.
    if (!running) void queryClient.invalidateQueries({ queryKey: importsKey(businessId) });
  }, [running, businessId, queryClient]);
  return query;
}

export async function fetchFeedNow(
  businessId: string,
  client: HttpClient = http,
): Promise<Answer<FeedFetch>> {
  const answer = await client.postJson(
    managePaths.inventoryFeedFetches(businessId),
    {},
    feedFetchResponse,
  );
  return isSuccess(answer)
    ? { ok: true, value: answer.result, message: answer.message ?? '' }
    : { ok: false, message: answer.message };
}

export function useFetchFeedNow(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchFeedNow(businessId),
    onSuccess: (answer) => {
      if (!answer.ok) return;
      queryClient.setQueryData<FeedFetch[]>(feedFetchesKey(businessId), (runs) => [
        answer.value,
        ...(runs ?? []).filter((run) => run.id !== answer.value.id),
      ]);
    },
  });
}
