import { Preferences } from '@capacitor/preferences';
import { useSyncExternalStore } from 'react';
import { logger } from '../logger.ts';
import { isNativePlatform } from '../platform.ts';
import { DEVICE_PREFERENCE_KEYS, type DevicePreferenceKey } from './device-preference-keys.ts';
import { syncPreferencesCookie } from './preferences-cookie.ts';

/**
 * Shopper preferences of this device (location, country), persisted like lib/storage does it:
 * localStorage on the web (read synchronously, so the first render already knows the location),
 * Capacitor Preferences on native (read once at start, then React re-renders).
 *
 * Why not lib/storage itself: its keys are spec §3's session keys, and logout removes every one of
 * them. A shopper's location is not part of the session; it should survive signing out, as it does
 * in every shopping app.
 */
export { DEVICE_PREFERENCE_KEYS, type DevicePreferenceKey } from './device-preference-keys.ts';

const ALL_KEYS: readonly DevicePreferenceKey[] = Object.values(DEVICE_PREFERENCE_KEYS);

type Snapshot = Readonly<Record<DevicePreferenceKey, string | null>>;

export interface DevicePreferencesBackend {
  get(key: DevicePreferenceKey): Promise<string | null>;
  set(key: DevicePreferenceKey, value: string): Promise<void>;
  remove(key: DevicePreferenceKey): Promise<void>;
  readSync?(key: DevicePreferenceKey): string | null;
}

export interface DevicePreferences {
  hydrate(): Promise<void>;
  getSnapshot(): Snapshot;
  subscribe(listener: () => void): () => void;
  set(key: DevicePreferenceKey, value: string): Promise<void>;
  remove(key: DevicePreferenceKey): Promise<void>;
}

export function webBackend(store: Storage = window.localStorage): DevicePreferencesBackend {
  return {
    get: async (key) => store.getItem(key),
    set: async (key, value) => store.setItem(key, value),
    remove: async (key) => store.removeItem(key),
    readSync: (key) => store.getItem(key),
  };
}

function nativeBackend(): DevicePreferencesBackend {
  return {
    get: async (key) => (await Preferences.get({ key })).value,
    set: (key, value) => Preferences.set({ key, value }),
    remove: (key) => Preferences.remove({ key }),
  };
}

export function createDevicePreferences(backend: DevicePreferencesBackend): DevicePreferences {
  const readSync = backend.readSync;
  let snapshot = Object.fromEntries(
    ALL_KEYS.map((key) => [key, readSync ? readSync(key) : null]),
  ) as Snapshot;
  const listeners = new Set<() => void>();

  function update(changes: Partial<Record<DevicePreferenceKey, string | null>>) {
    const next = { ...snapshot, ...changes };
    if (ALL_KEYS.every((key) => next[key] === snapshot[key])) return;
    // A new object per change: useSyncExternalStore compares snapshots by identity.
    snapshot = next;
    for (const listener of listeners) listener();
  }

  return {
    async hydrate() {
      const entries = await Promise.all(
        ALL_KEYS.map(async (key) => [key, await backend.get(key)] as const),
      );
      update(Object.fromEntries(entries));
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async set(key, value) {
      update({ [key]: value });
      try {
        await backend.set(key, value);
      } catch (error) {
        // Private browsing or a full quota: the choice still holds for this visit.
        logger.warn('device preferences: could not persist', key, error);
      }
    },
    async remove(key) {
      update({ [key]: null });
      try {
        await backend.remove(key);
      } catch (error) {
        logger.warn('device preferences: could not remove', key, error);
      }
    },
  };
}

function createPlatformPreferences(): DevicePreferences {
  if (isNativePlatform()) {
    const native = createDevicePreferences(nativeBackend());
    void native.hydrate();
    return native;
  }
  const web = createDevicePreferences(webBackend());
  // The server's first paint is for a browser without preferences (preferences-cookie.ts).
  web.subscribe(() =>
    syncPreferencesCookie(ALL_KEYS.some((key) => web.getSnapshot()[key] !== null)),
  );
  // A location chosen in another tab applies here too.
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== window.localStorage) return;
    if (event.key === null || (ALL_KEYS as readonly string[]).includes(event.key)) {
      void web.hydrate();
    }
  });
  return web;
}

export const devicePreferences: DevicePreferences = createPlatformPreferences();

export function useDevicePreference(
  key: DevicePreferenceKey,
  store: DevicePreferences = devicePreferences,
): string | null {
  return useSyncExternalStore(store.subscribe, () => store.getSnapshot()[key]);
}
