import { livePaths, type PushDevice } from '@localmart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deviceLabel,
  PUSH_DEVICE_ID_KEY,
  type PushBrowser,
  webPushMessages,
} from '../../../lib/notifications/web-push.ts';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signIn, signOut } from '../../../test/session.ts';
import {
  DEVICES_TITLE,
  NO_DEVICES,
  NotificationSettings,
  THIS_DEVICE_LABEL,
} from './notification-settings.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

// A real VAPID public key's shape: 65 bytes, base64url.
const VAPID_KEY =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

function device(id: string, label: string): PushDevice {
  return { id, kind: 'web', label, createdAt: '2026-11-20T10:00:00.000Z', lastSuccessAt: null };
}

/** A browser with a fake pushManager: subscribe/getSubscription/unsubscribe recorded. */
function fakeBrowser(
  permission: NotificationPermission,
  answer: NotificationPermission = 'granted',
) {
  let subscription: {
    endpoint: string;
    toJSON(): PushSubscriptionJSON;
    unsubscribe: () => Promise<boolean>;
  } | null = null;
  const unsubscribe = vi.fn(async () => {
    subscription = null;
    return true;
  });
  const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => {
    void options;
    subscription = {
      endpoint: 'https://push.example.com/send/abc',
      toJSON: () => ({
        endpoint: 'https://push.example.com/send/abc',
        keys: { p256dh: 'BPk-p256dh', auth: 'auth-secret' },
      }),
      unsubscribe,
    };
    return subscription;
  });
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  const store = new Map<string, string>();
  const browser: PushBrowser = {
    notification,
    registration: async () =>
      ({
        pushManager: { subscribe, getSubscription: async () => subscription },
      }) as unknown as ServiceWorkerRegistration,
    userAgent: ANDROID_CHROME,
    storage: {
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => void store.set(key, value),
      removeItem: (key) => void store.delete(key),
    },
  };
  return { browser, notification, subscribe, unsubscribe, store };
}

function api(devices: PushDevice[], publicKey: string | null = VAPID_KEY) {
  return mockApi({
    [`GET ${livePaths.pushKey}`]: () => ({ body: { status: 1, result: { publicKey } } }),
    [`GET ${livePaths.pushSubscriptions}`]: () => ({ body: { status: 1, result: devices } }),
    [`POST ${livePaths.pushSubscriptions}`]: (call) => {
      const added = device('d-new', (call.body as { label: string }).label);
      devices.push(added);
      return { status: 201, body: { status: 1, message: 'added', result: added } };
    },
    [`DELETE ${livePaths.pushSubscription('d-new')}`]: () => {
      devices.splice(
        devices.findIndex((d) => d.id === 'd-new'),
        1,
      );
      return { body: { status: 1, message: 'removed' } };
    },
    [`DELETE ${livePaths.pushSubscription('d-laptop')}`]: () => {
      devices.splice(
        devices.findIndex((d) => d.id === 'd-laptop'),
        1,
      );
      return { body: { status: 1, message: 'removed' } };
    },
  });
}

function render(browser: PushBrowser | null) {
  renderWithProviders(<NotificationSettings browser={browser} native={false} />, {
    path: '/profile',
    pattern: '/profile',
  });
  return userEvent.setup();
}

/** A shared 2-core machine: the default 1 s of waitFor is too short when it is busy. */
const SLOW = { timeout: 5_000 };

const toggle = () => screen.getByRole('switch', { name: new RegExp(THIS_DEVICE_LABEL) });

describe('notifications on this device (profile)', () => {
  beforeEach(async () => {
    await signIn();
  });
  afterEach(async () => {
    await signOut();
  });

  it('asks permission only on the click, subscribes with the VAPID key, registers, then turns off', async () => {
    const fake = fakeBrowser('default');
    const devices = [device('d-laptop', 'Firefox on Windows')];
    const calls = api(devices);
    const user = render(fake.browser);
    await waitFor(() => expect(toggle()).toBeEnabled(), SLOW);
    expect(toggle()).not.toBeChecked();
    expect(fake.notification.requestPermission).not.toHaveBeenCalled();

    await user.click(toggle());
    await screen.findByText(webPushMessages.enabled, {}, SLOW);
    expect(fake.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(fake.subscribe).toHaveBeenCalledTimes(1);
    const options = fake.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(calls.callsTo('POST', livePaths.pushSubscriptions)[0]!.body).toEqual({
      endpoint: 'https://push.example.com/send/abc',
      keys: { p256dh: 'BPk-p256dh', auth: 'auth-secret' },
      label: 'Chrome on Android',
    });
    expect(fake.store.get(PUSH_DEVICE_ID_KEY)).toBe('d-new');
    await waitFor(() => expect(toggle()).toBeChecked(), SLOW);
    const list = screen.getByRole('list', { name: DEVICES_TITLE });
    const mine = within(list).getByText('Chrome on Android').closest('li')!;
    expect(within(mine).getByText('This device')).toBeInTheDocument();

    await user.click(toggle());
    await screen.findByText(webPushMessages.disabled, {}, SLOW);
    expect(fake.unsubscribe).toHaveBeenCalledTimes(1);
    expect(calls.callsTo('DELETE', livePaths.pushSubscription('d-new'))).toHaveLength(1);
    await waitFor(() => expect(toggle()).not.toBeChecked(), SLOW);
    expect(fake.store.has(PUSH_DEVICE_ID_KEY)).toBe(false);
    expect(calls.unhandled).toEqual([]);
  });

  it('says so when permission is refused, and when it was blocked before', async () => {
    const refused = fakeBrowser('default', 'denied');
    api([]);
    const user = render(refused.browser);
    await waitFor(() => expect(toggle()).toBeEnabled(), SLOW);
    await user.click(toggle());
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent(webPushMessages.denied);
    expect(refused.subscribe).not.toHaveBeenCalled();
    expect(toggle()).not.toBeChecked();
  });

  it('explains a browser without push support and lists the other devices with Remove', async () => {
    const devices = [device('d-laptop', 'Firefox on Windows')];
    const calls = api(devices);
    const user = render(null);
    expect(await screen.findByText(webPushMessages.unsupported, {}, SLOW)).toBeInTheDocument();
    expect(toggle()).toBeDisabled();
    await user.click(screen.getByLabelText('Remove Firefox on Windows'));
    await screen.findByText(NO_DEVICES, {}, SLOW);
    expect(calls.callsTo('DELETE', livePaths.pushSubscription('d-laptop'))).toHaveLength(1);
  });

  it('says so when the server has push turned off', async () => {
    const fake = fakeBrowser('granted');
    api([], null);
    const user = render(fake.browser);
    await waitFor(() => expect(toggle()).toBeEnabled(), SLOW);
    await user.click(toggle());
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent(
      webPushMessages.offOnServer,
    );
    expect(fake.subscribe).not.toHaveBeenCalled();
  });
});

describe('a device label from the user agent', () => {
  it('names the browser and the system', () => {
    expect(deviceLabel(ANDROID_CHROME)).toBe('Chrome on Android');
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(
      deviceLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      ),
    ).toBe('Edge on Windows');
    expect(
      deviceLabel('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'),
    ).toBe('Firefox on Linux');
    expect(deviceLabel('')).toBe('Browser');
  });
});

describe('a push service that fails', () => {
  beforeEach(async () => {
    await signIn();
  });
  afterEach(async () => {
    await signOut();
  });

  it('says so in words, not the browser’s error text', async () => {
    const fake = fakeBrowser('granted');
    fake.subscribe.mockRejectedValue(
      new DOMException('Registration failed - push service error', 'AbortError'),
    );
    api([]);
    const user = render(fake.browser);
    await waitFor(() => expect(toggle()).toBeEnabled(), SLOW);
    await user.click(toggle());
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent(webPushMessages.failed);
    expect(toggle()).not.toBeChecked();
  });
});
