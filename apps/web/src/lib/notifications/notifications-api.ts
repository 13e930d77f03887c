import { useQuery } from '@tanstack/react-query';
import {
  envelopeSchema,
  isSuccess,
  livePaths,
  type MarkNotificationsReadRequest,
  notificationList,
  type NotificationList,
  successEnvelopeSchema,
} from '@localmart/contract';
import { http, type HttpClient } from '../http.ts';

const listResponse = envelopeSchema(successEnvelopeSchema({ result: notificationList }));

export const notificationKeys = {
  list: ['notifications'] as const,
};

/** GET notifications: the unread count and the newest notifications of the signed-in user. */
export async function getNotifications(client: HttpClient = http): Promise<NotificationList> {
  const answer = await client.get(livePaths.notifications, undefined, listResponse);
  if (isSuccess(answer)) return answer.result;
  throw new Error(answer.message);
}

/** POST notifications/read: {ids} or {all: true}; answers the list as it is now. */
export async function markNotificationsRead(
  request: MarkNotificationsReadRequest,
  client: HttpClient = http,
): Promise<NotificationList> {
  const answer = await client.postJson(livePaths.notificationsRead, request, listResponse);
  if (isSuccess(answer)) return answer.result;
  throw new Error(answer.message);
}

export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: () => getNotifications(),
    enabled,
    staleTime: 30_000,
  });
}
