import { API_BASE } from '../api-paths.ts';
import { MANAGE_API } from '../manage/manage-paths.ts';

const id = (value: string) => encodeURIComponent(value);

/** Live events, notifications and push (issue 14). */
export const livePaths = {
  /** GET (text/event-stream): the signed-in shopper's own events; `Last-Event-ID` or `?after=` to catch up. */
  shopperEvents: `${API_BASE}/events`,
  /** GET (text/event-stream): a store's events, to its members only. */
  storeEvents: (businessId: string) => `${MANAGE_API}/businesses/${id(businessId)}/events`,
  /** GET the bell: unread count and the latest notifications. */
  notifications: `${API_BASE}/notifications`,
  /** POST {ids} or {all: true}: mark read. */
  notificationsRead: `${API_BASE}/notifications/read`,
  /** GET the VAPID public key (null when push is off). */
  pushKey: `${API_BASE}/push/key`,
  /** GET this user's devices; POST subscribe this browser. */
  pushSubscriptions: `${API_BASE}/push/subscriptions`,
  /** DELETE one device. */
  pushSubscription: (subscriptionId: string) =>
    `${API_BASE}/push/subscriptions/${id(subscriptionId)}`,
  /** GET / PUT the signed-in member's email alerts for a store. */
  storeAlertPreferences: (businessId: string) =>
    `${MANAGE_API}/businesses/${id(businessId)}/alert-preferences`,
} as const;
