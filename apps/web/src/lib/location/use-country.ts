import { DEFAULT_COUNTRY, findCountry, type Country } from '@localmart/contract';
import { useCallback, useMemo } from 'react';
import {
  DEVICE_PREFERENCE_KEYS,
  devicePreferences,
  useDevicePreference,
  type DevicePreferences,
} from './device-preferences.ts';

export interface CountryState {
  /** The chosen country, or the demo city's (Canada) until one is chosen. */
  country: Country;
  setCountry: (country: Country | string) => Promise<void>;
}

export function countryFromStored(code: string | null): Country {
  return (code && findCountry(code)) || DEFAULT_COUNTRY;
}

/** country-modal's choice: currency, distance units and number locale follow it. */
export function useCountry(store: DevicePreferences = devicePreferences): CountryState {
  const code = useDevicePreference(DEVICE_PREFERENCE_KEYS.country, store);
  const country = useMemo(() => countryFromStored(code), [code]);
  const setCountry = useCallback(
    async (next: Country | string) => {
      const chosen = findCountry(typeof next === 'string' ? next : next.code);
      // Only a listed country is stored; an unknown code would silently read as the default.
      if (!chosen) throw new RangeError(`Unknown country: ${String(next)}`);
      await store.set(DEVICE_PREFERENCE_KEYS.country, chosen.code);
    },
    [store],
  );
  return { country, setCountry };
}
