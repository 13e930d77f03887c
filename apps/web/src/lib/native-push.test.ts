import { livePaths } from '@localmart/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api-mock.ts';
import { signIn, signOut } from '../test/session.ts';

type Listener = (payload: unknown) => void;

const plugin = vi.hoisted(() => {
  const listeners = new Map<string, Listener[]>();
  const state = {
    permission: 'prompt' as string,
    answer: 'granted' as string,
    token: 'fcm-token-1',
  };
  return {
    listeners,
    state,
    emit(event: string, payload: unknown) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
    PushNotifications: {
      checkPermissions: vi.fn(async () => ({ receive: state.permission })),
      requestPermissions: vi.fn(async () => {
        state.permission = state.answer;
        return { receive: state.answer };
      }),
      register: vi.fn(async () => {
        queueMicrotask(() => {
          for (const listener of listeners.get('registration') ?? [])
            listener({ value: state.token });
        });
      }),
      unregister: vi.fn(async () => undefined),
      addListener: vi.fn(async (event: string, listener: Listener) => {
        listeners.set(event, [...(listeners.get(event) ?? []), listener]);
        return {
          remove: async () => {
            listeners.set(
              event,
              (listeners.get(event) ?? []).filter((candidate) => candidate !== listener),
            );
          },
        };
      }),
    },
  };
});

vi.mock('@capacitor/push-notifications', () => ({ PushNotifications: plugin.PushNotifications }));
vi.mock('@capacitor/core', () => ({
  Capacitor: { getPlatform: () => 'android', isNativePlatform: () => true },
}));

const { disableNativePush, enableNativePush, startNativePush } = await import('./native-push.ts');

function api() {
  return mockApi({
    [`POST ${livePaths.pushSubscriptions}`]: (call) => ({
      status: 201,
      body: {
        status: 1,
        message: 'added',
        result: {
          id: 'd-1',
          kind: (call.body as { kind: string }).kind,
          label: (call.body as { label: string }).label,
          createdAt: '2026-11-26T10:00:00.000Z',
          lastSuccessAt: null,
        },
      },
    }),
  });
}

describe('native push (Capacitor)', () => {
  beforeEach(async () => {
    plugin.listeners.clear();
    plugin.state.permission = 'prompt';
    plugin.state.answer = 'granted';
    vi.clearAllMocks();
    await signIn();
  });
  afterEach(async () => {
    await signOut();
  });

  it('asks permission, registers and sends the token to the server as an FCM device', async () => {
    const calls = api();
    const outcome = await enableNativePush();
    expect(outcome).toMatchObject({ kind: 'enabled', device: { id: 'd-1', kind: 'fcm' } });
    expect(plugin.PushNotifications.requestPermissions).toHaveBeenCalledTimes(1);
    expect(plugin.PushNotifications.register).toHaveBeenCalledTimes(1);
    expect(calls.callsTo('POST', livePaths.pushSubscriptions)[0]!.body).toEqual({
      kind: 'fcm',
      token: 'fcm-token-1',
      label: 'Localmart app on Android',
    });
    // The one-off registration listeners are gone.
    expect(plugin.listeners.get('registration')).toEqual([]);
  });

  it('does not register when permission is refused', async () => {
    const calls = api();
    plugin.state.answer = 'denied';
    expect(await enableNativePush()).toEqual({ kind: 'denied' });
    expect(plugin.PushNotifications.register).not.toHaveBeenCalled();
    expect(calls.calls).toEqual([]);
  });

  it('opens a tapped notification’s page (app paths only) and re-sends the token when allowed', async () => {
    const calls = api();
    plugin.state.permission = 'granted';
    const navigate = vi.fn();
    const stop = await startNativePush(navigate, { signedIn: true });
    expect(calls.callsTo('POST', livePaths.pushSubscriptions)).toHaveLength(1);
    expect(plugin.PushNotifications.requestPermissions).not.toHaveBeenCalled();

    plugin.emit('pushNotificationActionPerformed', {
      actionId: 'tap',
      notification: { id: '1', data: { link: '/order-details/o-1' } },
    });
    expect(navigate).toHaveBeenCalledWith('/order-details/o-1');
    plugin.emit('pushNotificationActionPerformed', {
      actionId: 'tap',
      notification: { id: '2', data: { link: 'https://evil.example/' } },
    });
    expect(navigate).toHaveBeenLastCalledWith('/');
    stop();
    await Promise.resolve();
    expect(plugin.listeners.get('pushNotificationActionPerformed')).toEqual([]);
  });

  it('asks nothing at start when signed out or not allowed; turning off unregisters', async () => {
    const calls = api();
    await startNativePush(vi.fn(), { signedIn: false });
    plugin.state.permission = 'prompt';
    await startNativePush(vi.fn(), { signedIn: true });
    expect(plugin.PushNotifications.register).not.toHaveBeenCalled();
    expect(plugin.PushNotifications.requestPermissions).not.toHaveBeenCalled();
    expect(calls.calls).toEqual([]);
    await disableNativePush();
    expect(plugin.PushNotifications.unregister).toHaveBeenCalledTimes(1);
  });
});
