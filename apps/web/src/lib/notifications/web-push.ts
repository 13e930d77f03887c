import type { PushDevice } from '@localmart/contract';
import { type HttpClient, http } from '../http.ts';
import { getPushKey, listPushDevices, registerPushDevice, removePushDevice } from './push-api.ts';

/**
 * "Notifications on this device" in the profile (issue 14), for a browser: Web Push through the
 * app's service worker (service-worker/sw.ts shows them). Permission is asked only from the
 * toggle's click. The device this browser registered is remembered by its id, so the profile can
 * tell it apart in the device list and turning the toggle off removes it on the server too.
 */

/** Where this browser keeps the id of its own device row (per browser profile, like the subscription). */
export const PUSH_DEVICE_ID_KEY = 'lm.pushDeviceId';

export type WebPushState =
  /** No service worker, PushManager or Notification API (e.g. iOS Safari outside the home screen). */
  | 'unsupported'
  /** The server has push turned off (no VAPID key). */
  | 'off-on-server'
  /** The person (or browser policy) blocked notifications for this site. */
  | 'denied'
  | 'enabled'
  | 'disabled';

export const webPushMessages = {
  unsupported:
    'This browser cannot show notifications from the app. On iPhone and iPad, add Localmart to your Home Screen first; elsewhere, try a recent Chrome, Edge or Firefox.',
  offOnServer: 'Notifications on this device are not available on this server.',
  denied:
    'Notifications are blocked for this site. Allow them in your browser’s site settings, then turn this on again.',
  noWorker:
    'The app is still getting ready for notifications on this device. Reload the page and try again.',
  /** The browser's push service refused or failed (its own words are not for people). */
  failed:
    'This browser could not turn on notifications just now. Try again in a moment, or in another browser.',
  enabled: 'Notifications are on for this device.',
  disabled: 'This device will no longer get notifications.',
} as const;

/** What the profile needs of the browser; injectable so tests can stand in a fake pushManager. */
export interface PushBrowser {
  notification: {
    permission: NotificationPermission;
    requestPermission(): Promise<NotificationPermission>;
  } | null;
  /** The app's service worker registration, or null when none is registered (dev, blocked). */
  registration(): Promise<Pick<ServiceWorkerRegistration, 'pushManager'> | null>;
  userAgent: string;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

export function browserPush(): PushBrowser {
  const hasWorker = typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
  const supported =
    hasWorker &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window;
  return {
    notification: supported ? window.Notification : null,
    registration: async () =>
      supported ? ((await navigator.serviceWorker.getRegistration('/')) ?? null) : null,
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    storage: window.localStorage,
  };
}

/** "Chrome on Android", "Safari on iPhone": what the device list calls this browser. */
export function deviceLabel(userAgent: string): string {
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : 'Browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone/.test(ua)
      ? 'iPhone'
      : /iPad/.test(ua)
        ? 'iPad'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  return os ? `${browser} on ${os}` : browser;
}

/** A VAPID key (base64url) as the bytes pushManager.subscribe wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This browser's state for the toggle, without asking anything of the person. */
export async function webPushState(
  browser: PushBrowser,
  devices: readonly PushDevice[],
): Promise<WebPushState> {
  if (!browser.notification) return 'unsupported';
  if (browser.notification.permission === 'denied') return 'denied';
  const registration = await browser.registration();
  const subscription = registration ? await registration.pushManager.getSubscription() : null;
  const ownId = browser.storage.getItem(PUSH_DEVICE_ID_KEY);
  const listed = ownId !== null && devices.some((device) => device.id === ownId);
  return subscription && listed && browser.notification.permission === 'granted'
    ? 'enabled'
    : 'disabled';
}

export type EnableOutcome =
  | { kind: 'enabled'; device: PushDevice }
  | { kind: 'unsupported' | 'off-on-server' | 'denied' | 'no-worker' };

/**
 * The toggle turned on (a click): asks permission, subscribes through the service worker with the
 * server's VAPID key and registers the subscription with a label from the user agent.
 */
export async function enableWebPush(
  browser: PushBrowser,
  client: HttpClient = http,
): Promise<EnableOutcome> {
  if (!browser.notification) return { kind: 'unsupported' };
  const permission =
    browser.notification.permission === 'granted'
      ? 'granted'
      : await browser.notification.requestPermission();
  if (permission !== 'granted') return { kind: 'denied' };
  const key = await getPushKey(client);
  if (!key) return { kind: 'off-on-server' };
  const registration = await browser.registration();
  if (!registration) return { kind: 'no-worker' };
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(key),
    }));
  const json = subscription.toJSON();
  const device = await registerPushDevice(
    {
      endpoint: json.endpoint ?? subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      label: deviceLabel(browser.userAgent).slice(0, 80),
    },
    client,
  );
  browser.storage.setItem(PUSH_DEVICE_ID_KEY, device.id);
  return { kind: 'enabled', device };
}

/** The toggle turned off: unsubscribes this browser and removes its device on the server. */
export async function disableWebPush(
  browser: PushBrowser,
  client: HttpClient = http,
): Promise<void> {
  const registration = await browser.registration();
  const subscription = registration ? await registration.pushManager.getSubscription() : null;
  await subscription?.unsubscribe();
  const ownId = browser.storage.getItem(PUSH_DEVICE_ID_KEY);
  if (ownId) await removePushDevice(ownId, client);
  browser.storage.removeItem(PUSH_DEVICE_ID_KEY);
}

/** "Remove" in the device list; removing this browser's own device also unsubscribes it here. */
export async function removeDevice(
  browser: PushBrowser | null,
  id: string,
  client: HttpClient = http,
): Promise<void> {
  if (browser && browser.storage.getItem(PUSH_DEVICE_ID_KEY) === id) {
    await disableWebPush(browser, client);
    return;
  }
  await removePushDevice(id, client);
}

export { listPushDevices };
