import { latitudeSchema, longitudeSchema } from '@localmart/contract';
import { useCallback, useMemo } from 'react';
import { z } from 'zod';
import {
  DEVICE_PREFERENCE_KEYS,
  devicePreferences,
  useDevicePreference,
  type DevicePreferences,
} from './device-preferences.ts';

/** Where the shopper is shopping from: a device fix or a place picked from the bundled list. */
export const shopperLocationSchema = z.object({
  lat: latitudeSchema,
  lng: longitudeSchema,
  /** What the location bar says after "Near": 'Downtown Toronto'. */
  label: z.string().min(1),
  source: z.enum(['device', 'place']),
});
export type ShopperLocation = z.infer<typeof shopperLocationSchema>;

/** A stored value from an older build, or edited by hand, reads as "no location" rather than crash. */
export function parseStoredLocation(raw: string | null): ShopperLocation | null {
  if (!raw) return null;
  try {
    const parsed = shopperLocationSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface ShopperLocationState {
  location: ShopperLocation | null;
  setLocation: (location: ShopperLocation) => Promise<void>;
  clearLocation: () => Promise<void>;
}

export function useShopperLocation(
  store: DevicePreferences = devicePreferences,
): ShopperLocationState {
  const raw = useDevicePreference(DEVICE_PREFERENCE_KEYS.location, store);
  // Parsed once per stored string, so `location` keeps its identity across renders (query keys).
  const location = useMemo(() => parseStoredLocation(raw), [raw]);
  const setLocation = useCallback(
    async (next: ShopperLocation) => {
      // Checked before storing, so a bad fix can never become a location every list then sends.
      const checked = shopperLocationSchema.parse(next);
      await store.set(DEVICE_PREFERENCE_KEYS.location, JSON.stringify(checked));
    },
    [store],
  );
  const clearLocation = useCallback(() => store.remove(DEVICE_PREFERENCE_KEYS.location), [store]);
  return { location, setLocation, clearLocation };
}

/** The `lat`/`lng` of a list query: present only when the shopper has set a location. */
export function nearParams(
  location: Pick<ShopperLocation, 'lat' | 'lng'> | null,
): { lat: number; lng: number } | Record<string, never> {
  return location ? { lat: location.lat, lng: location.lng } : {};
}
