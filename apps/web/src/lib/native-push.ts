import type { PushDevice } from '@localmart/contract';
import { Capacitor } from '@capacitor/core';
import type { PushNotificationsPlugin } from '@capacitor/push-notifications';
import { type HttpClient, http } from './http.ts';
import { logger } from './logger.ts';
import { safeAppLink } from './pwa/push-handlers.ts';
import { registerPushDevice } from './notifications/push-api.ts';

/**
 * Native push (issue 14): in the Capacitor Android/iOS shells, notifications come through
 * @capacitor/push-notifications (Firebase on Android, APNs on iOS) instead of Web Push. This adapter
 * asks permission (from the profile's toggle only), registers, sends the token to the server's
 * push-subscriptions route as a native device, and opens a tapped notification's page.
 *
 * The plugin is imported lazily, so the web bundle does not carry it. Native builds need the
 * platform SDKs and FCM/APNs credentials; the server sends through a stub until those are set up
 * (README, "Notifications").
 */

type Plugin = PushNotificationsPlugin;

async function plugin(): Promise<Plugin> {
  return (await import('@capacitor/push-notifications')).PushNotifications;
}

/** APNs on iOS, Firebase Cloud Messaging elsewhere (Android). */
export function nativeTokenKind(): 'fcm' | 'apns' {
  return Capacitor.getPlatform() === 'ios' ? 'apns' : 'fcm';
}

export function nativeDeviceLabel(): string {
  return Capacitor.getPlatform() === 'ios' ? 'Localmart app on iPhone' : 'Localmart app on Android';
}

/** How long registration may take to hand over a token before the toggle says it failed. */
export const NATIVE_REGISTER_TIMEOUT_MS = 15_000;

/** Registers with the platform and resolves with the token it gives (or rejects with its error). */
async function registerForToken(push: Plugin): Promise<string> {
  const handles: { remove(): Promise<void> }[] = [];
  try {
    return await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('push registration gave no token')),
        NATIVE_REGISTER_TIMEOUT_MS,
      );
      void (async () => {
        handles.push(
          await push.addListener('registration', (token) => {
            clearTimeout(timer);
            resolve(token.value);
          }),
          await push.addListener('registrationError', (error) => {
            clearTimeout(timer);
            reject(new Error(error.error));
          }),
        );
        await push.register();
      })().catch((error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  } finally {
    for (const handle of handles) void handle.remove();
  }
}

export type NativeEnableOutcome = { kind: 'enabled'; device: PushDevice } | { kind: 'denied' };

/** The profile's toggle on a native app: permission, registration, the token to the server. */
export async function enableNativePush(client: HttpClient = http): Promise<NativeEnableOutcome> {
  const push = await plugin();
  let status = await push.checkPermissions();
  if (status.receive !== 'granted') status = await push.requestPermissions();
  if (status.receive !== 'granted') return { kind: 'denied' };
  const token = await registerForToken(push);
  const device = await registerPushDevice(
    { kind: nativeTokenKind(), token, label: nativeDeviceLabel() },
    client,
  );
  return { kind: 'enabled', device };
}

/** Whether this install may show notifications (the toggle's state without asking). */
export async function nativePushGranted(): Promise<boolean> {
  return (await (await plugin()).checkPermissions()).receive === 'granted';
}

/** The toggle turned off: the platform stops delivering; the server's device row is removed by the caller. */
export async function disableNativePush(): Promise<void> {
  await (await plugin()).unregister();
}

/**
 * At app start on native: a tapped notification opens its page (`data.link`, an app path), and an
 * install that already allowed notifications sends its token again (tokens change on reinstall and
 * restore). Answers a function that removes the listeners.
 */
export async function startNativePush(
  navigate: (path: string) => void,
  { signedIn }: { signedIn: boolean },
  client: HttpClient = http,
): Promise<() => void> {
  const push = await plugin();
  const tapped = await push.addListener('pushNotificationActionPerformed', (action) => {
    const data = (action.notification.data ?? {}) as { link?: unknown };
    navigate(safeAppLink(data.link));
  });
  if (signedIn && (await push.checkPermissions()).receive === 'granted') {
    try {
      const token = await registerForToken(push);
      await registerPushDevice(
        { kind: nativeTokenKind(), token, label: nativeDeviceLabel() },
        client,
      );
    } catch (error) {
      logger.error('native push: could not register this device again', error);
    }
  }
  return () => void tapped.remove();
}
