import { nearestPlace, type LatLng } from '@localmart/contract';
import type { ShopperLocation } from './use-shopper-location.ts';

/**
 * The device's position through the browser's geolocation API, which the Capacitor web views also
 * provide (the Capacitor Geolocation plugin is not installed). Never throws: the answer is a location
 * or a message a shopper can act on.
 */
export const GEOLOCATION_MESSAGES = {
  unavailable: 'This device cannot share its location. Choose a place from the list instead.',
  denied:
    'Location access is turned off for Localmart. Allow it in your browser or device settings, or choose a place from the list.',
  positionUnavailable:
    'Your location could not be found right now. Try again outside or choose a place from the list.',
  timeout: 'Finding your location took too long. Try again or choose a place from the list.',
} as const;

export type DevicePositionResult =
  { ok: true; location: ShopperLocation } | { ok: false; message: string };

// GeolocationPositionError's codes, spelled out because jsdom and some web views lack the constants.
const PERMISSION_DENIED = 1;
const POSITION_UNAVAILABLE = 2;
const TIMEOUT = 3;

/** A GPS fix as the location bar shows it: "Near Leslieville" (the nearest bundled place). */
export function deviceLocation(point: LatLng): ShopperLocation {
  return { lat: point.lat, lng: point.lng, label: nearestPlace(point).name, source: 'device' };
}

export function getDevicePosition(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<DevicePositionResult> {
  if (!geolocation) {
    return Promise.resolve({ ok: false, message: GEOLOCATION_MESSAGES.unavailable });
  }
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (position) =>
        resolve({
          ok: true,
          location: deviceLocation({
            lat: position.coords.latitude,
            lng: position.coords.longitude,
          }),
        }),
      (error) => {
        const message =
          error.code === PERMISSION_DENIED
            ? GEOLOCATION_MESSAGES.denied
            : error.code === POSITION_UNAVAILABLE
              ? GEOLOCATION_MESSAGES.positionUnavailable
              : error.code === TIMEOUT
                ? GEOLOCATION_MESSAGES.timeout
                : GEOLOCATION_MESSAGES.positionUnavailable;
        resolve({ ok: false, message });
      },
      // A store list needs a neighbourhood, not metres: a coarse, recent fix is quicker and kinder.
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 },
    );
  });
}
