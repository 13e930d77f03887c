import type { StoreAlert } from './store-alerts-model.ts';

/**
 * Desktop notifications (Notification API) for the store site's alerts. Permission is asked only
 * from the "Turn on sound" button (never on page load: browsers penalise that, and people say no);
 * without it the alerts stay in the page.
 */
export type NotificationAccess = NotificationPermission | 'unsupported';

function api(): typeof Notification | null {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification : null;
}

export function notificationAccess(): NotificationAccess {
  return api()?.permission ?? 'unsupported';
}

/** Asks once, from a click; answers what the browser decided (or already knew). */
export async function askNotificationAccess(): Promise<NotificationAccess> {
  const Notify = api();
  if (!Notify) return 'unsupported';
  if (Notify.permission !== 'default') return Notify.permission;
  try {
    return await Notify.requestPermission();
  } catch {
    return Notify.permission;
  }
}

/**
 * Shows `alert` as a desktop notification when allowed. Clicking it brings this tab forward and
 * opens the alert's page (`open`). The tag replaces an older notification of the same thing.
 */
export function notifyDesktop(alert: StoreAlert, open: (link: string) => void): boolean {
  const Notify = api();
  if (!Notify || Notify.permission !== 'granted') return false;
  try {
    const notification = new Notify(alert.title, {
      body: alert.body,
      tag: alert.key,
      icon: '/favicon.svg',
      requireInteraction: alert.repeats,
    });
    notification.onclick = () => {
      window.focus();
      open(alert.link);
      notification.close();
    };
    return true;
  } catch {
    // Some browsers (Android Chrome) allow notifications only from a service worker: in-page alerts remain.
    return false;
  }
}
