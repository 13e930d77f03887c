// lib/location/device-preferences.ts on the server (vite.first-paint.config.ts). The first paint is
// drawn only for a browser that has stored no preference (the server reads the cookie of
// lib/location/preferences-cookie.ts), so every preference reads as unset: the default country, no
// location.
import type { DevicePreferenceKey } from '../../lib/location/device-preference-keys.ts';

export {
  DEVICE_PREFERENCE_KEYS,
  type DevicePreferenceKey,
} from '../../lib/location/device-preference-keys.ts';

type Snapshot = Readonly<Record<DevicePreferenceKey, string | null>>;

export interface DevicePreferences {
  hydrate(): Promise<void>;
  getSnapshot(): Snapshot;
  subscribe(listener: () => void): () => void;
  set(key: DevicePreferenceKey, value: string): Promise<void>;
  remove(key: DevicePreferenceKey): Promise<void>;
}

const UNSET: Snapshot = { lm_location: null, lm_country: null };

export const devicePreferences: DevicePreferences = {
  hydrate: () => Promise.resolve(),
  getSnapshot: () => UNSET,
  subscribe: () => () => undefined,
  set: () => Promise.reject(new Error('No device preferences on the server')),
  remove: () => Promise.reject(new Error('No device preferences on the server')),
};

export function useDevicePreference(key: DevicePreferenceKey): string | null {
  return UNSET[key];
}
