// lib/location/device-preferences.ts on the server (vite.first-paint.config.ts). The first paint is
// drawn only for a browser that has stored no preference (the server reads the cookie of
// lib/location/preferences-cookie.ts), so every preference reads as unset: the default country, no
// location.
import type { DevicePreferenceKey } from '../../lib/location/device-preference-keys.ts';

export {
  DEVICE_PREFERENCE_KEYS,
  type DevicePreferenceKey,
} from '../../lib/location/device-preference-keys.ts';

// A type-only import: erased before the build resolves modules, so the browser module is not loaded.
import type { DevicePreferences } from '../../lib/location/device-preferences.ts';

export type { DevicePreferences };

const UNSET: ReturnType<DevicePreferences['getSnapshot']> = { lm_location: null, lm_country: null };

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
