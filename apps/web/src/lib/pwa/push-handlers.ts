/**
 * The service worker's Web Push handlers (issue 14), as plain functions over the few worker APIs
 * they use, so they are unit-tested without a worker (push-handlers.test.ts) and type-check both
 * in the app (DOM) and in service-worker/sw.ts (WebWorker).
 *
 * The server's push job sends `{notificationId, title, body, link}` (apps/server push.jobs.ts
 * PushPayload), encrypted to the browser's subscription.
 */

export interface PushMessage {
  notificationId: string | null;
  title: string;
  body: string;
  /** An app path ("/order-details/…"); anything else opens the app's start page. */
  link: string;
}

/** What a shown notification carries back to the click handler. */
export interface PushNotificationData {
  link: string;
  notificationId: string | null;
}

export const PUSH_ICON = '/icons/icon-192.png';
export const PUSH_BADGE = '/icons/icon-192.png';
/** The title when a push arrives without a readable payload (the browser must still show one). */
export const PUSH_FALLBACK_TITLE = 'Localmart';
export const PUSH_FALLBACK_BODY = 'You have a new update. Open the app to see it.';

/** An app path this origin serves; never another origin (`//evil`, `https://…`, `javascript:`). */
export function safeAppLink(link: unknown): string {
  if (typeof link !== 'string' || !link.startsWith('/') || link.startsWith('//')) return '/';
  if (link.includes('\\')) return '/';
  return link;
}

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;

/** Reads a push message's JSON; a missing or broken payload becomes a generic one. */
export function readPushMessage(data: { json(): unknown } | null | undefined): PushMessage {
  let raw: Record<string, unknown> = {};
  try {
    const parsed = data?.json();
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: show the generic notification.
  }
  return {
    notificationId: text(raw.notificationId, 100),
    title: text(raw.title, 120) ?? PUSH_FALLBACK_TITLE,
    body: text(raw.body, 400) ?? PUSH_FALLBACK_BODY,
    link: safeAppLink(raw.link),
  };
}

/**
 * One notification per order on the device: a later update of the same order (accepted, then
 * ready) replaces the earlier one instead of stacking up; anything else is tagged by itself.
 */
export function pushTag(message: PushMessage): string {
  const order = /^\/order-details\/([^/?#]+)/.exec(message.link);
  if (order) return `order:${order[1]}`;
  return message.notificationId ? `notification:${message.notificationId}` : 'localmart';
}

export interface ShownNotification {
  title: string;
  options: NotificationOptions & { renotify?: boolean; data: PushNotificationData };
}

export function notificationFor(message: PushMessage): ShownNotification {
  return {
    title: message.title,
    options: {
      body: message.body,
      icon: PUSH_ICON,
      badge: PUSH_BADGE,
      tag: pushTag(message),
      // A replaced notification still alerts: "Ready for pickup" after "Order accepted" is news.
      renotify: true,
      data: { link: message.link, notificationId: message.notificationId },
    },
  };
}

/** The `push` event: always shows a notification (browsers penalise silent pushes). */
export function handlePush(
  registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> },
  data: { json(): unknown } | null | undefined,
): Promise<void> {
  const shown = notificationFor(readPushMessage(data));
  return registration.showNotification(shown.title, shown.options);
}

/** The bits of a WindowClient and of `self.clients` the click handler uses. */
export interface AppWindow {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}
export interface AppClients {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly unknown[]>;
  openWindow(url: string): Promise<unknown>;
}

/**
 * The `notificationclick` event: closes the notification, then focuses a window of the app already
 * open (the shopper app first, not a /manage tab) and takes it to the notification's page; with
 * none open, opens one there.
 */
export async function handleNotificationClick(
  notification: { close(): void; data?: unknown },
  clients: AppClients,
  origin: string,
): Promise<void> {
  notification.close();
  const data = (notification.data ?? {}) as Partial<PushNotificationData>;
  const target = new URL(safeAppLink(data.link), origin).href;
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })) as
    AppWindow[] | [];
  const ours = windows.filter((win) => {
    try {
      return new URL(win.url).origin === origin;
    } catch {
      return false;
    }
  });
  const app =
    ours.find((win) => !new URL(win.url).pathname.startsWith('/manage')) ?? ours[0] ?? null;
  if (!app) {
    await clients.openWindow(target);
    return;
  }
  await app.focus();
  if (app.url !== target && app.navigate) {
    try {
      await app.navigate(target);
    } catch {
      // An uncontrolled window cannot be navigated by the worker: open the page instead.
      await clients.openWindow(target);
    }
  }
}
