import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createDevicePreferences,
  DEVICE_PREFERENCE_KEYS,
  webBackend,
} from './device-preferences.ts';
import { useCountry } from './use-country.ts';
import {
  nearParams,
  parseStoredLocation,
  useShopperLocation,
  type ShopperLocation,
} from './use-shopper-location.ts';

const leslieville: ShopperLocation = {
  lat: 43.6626,
  lng: -79.3322,
  label: 'Leslieville',
  source: 'place',
};

describe('useShopperLocation', () => {
  it('starts with no location, then remembers the one set across a reload', async () => {
    const store = createDevicePreferences(webBackend());
    const { result } = renderHook(() => useShopperLocation(store));
    expect(result.current.location).toBeNull();

    await act(() => result.current.setLocation(leslieville));
    expect(result.current.location).toEqual(leslieville);
    expect(JSON.parse(window.localStorage.getItem(DEVICE_PREFERENCE_KEYS.location) ?? '')).toEqual(
      leslieville,
    );

    // A new store reading the same localStorage is what the next visit sees.
    const reloaded = createDevicePreferences(webBackend());
    const { result: next } = renderHook(() => useShopperLocation(reloaded));
    expect(next.current.location).toEqual(leslieville);
  });

  it('forgets the location on clear', async () => {
    const store = createDevicePreferences(webBackend());
    const { result } = renderHook(() => useShopperLocation(store));
    await act(() => result.current.setLocation(leslieville));
    await act(() => result.current.clearLocation());
    expect(result.current.location).toBeNull();
    expect(window.localStorage.getItem(DEVICE_PREFERENCE_KEYS.location)).toBeNull();
  });

  it('keeps the same object while the stored value is unchanged (stable query keys)', () => {
    window.localStorage.setItem(DEVICE_PREFERENCE_KEYS.location, JSON.stringify(leslieville));
    const store = createDevicePreferences(webBackend());
    const { result, rerender } = renderHook(() => useShopperLocation(store));
    const first = result.current.location;
    rerender();
    expect(result.current.location).toBe(first);
  });

  it('refuses to store a location outside the globe', async () => {
    const store = createDevicePreferences(webBackend());
    const { result } = renderHook(() => useShopperLocation(store));
    await expect(result.current.setLocation({ ...leslieville, lat: 123 })).rejects.toThrow();
    expect(window.localStorage.getItem(DEVICE_PREFERENCE_KEYS.location)).toBeNull();
  });
});

describe('parseStoredLocation', () => {
  it('reads a damaged or foreign value as no location', () => {
    expect(parseStoredLocation(null)).toBeNull();
    expect(parseStoredLocation('not json')).toBeNull();
    expect(parseStoredLocation(JSON.stringify({ lat: 1, lng: 2 }))).toBeNull();
    expect(parseStoredLocation(JSON.stringify(leslieville))).toEqual(leslieville);
  });
});

describe('nearParams', () => {
  it('gives lat and lng only when a location is set', () => {
    expect(nearParams(leslieville)).toEqual({ lat: 43.6626, lng: -79.3322 });
    expect(nearParams(null)).toEqual({});
  });
});

describe('useCountry', () => {
  it('is Canada until chosen, then the chosen country, remembered', async () => {
    const store = createDevicePreferences(webBackend());
    const { result } = renderHook(() => useCountry(store));
    expect(result.current.country.code).toBe('CA');
    await act(() => result.current.setCountry('GB'));
    expect(result.current.country).toMatchObject({
      code: 'GB',
      units: 'imperial',
      currency: 'GBP',
    });
    const reloaded = createDevicePreferences(webBackend());
    expect(renderHook(() => useCountry(reloaded)).result.current.country.code).toBe('GB');
  });

  it('refuses a country that is not listed', async () => {
    const store = createDevicePreferences(webBackend());
    const { result } = renderHook(() => useCountry(store));
    await expect(result.current.setCountry('ZZ')).rejects.toThrow(RangeError);
    expect(result.current.country.code).toBe('CA');
  });
});
