import { describe, expect, it } from 'vitest';
import { getDevicePosition, GEOLOCATION_MESSAGES } from './device-position.ts';

function geolocationAnswering(
  answer: { coords: { latitude: number; longitude: number } } | { code: number },
): Geolocation {
  return {
    getCurrentPosition: (success, failure) => {
      if ('coords' in answer) success(answer as GeolocationPosition);
      else failure?.({ code: answer.code, message: '' } as GeolocationPositionError);
    },
    watchPosition: () => 0,
    clearWatch: () => undefined,
  };
}

describe('getDevicePosition', () => {
  it('names the nearest bundled place for a fix', async () => {
    const answer = await getDevicePosition(
      geolocationAnswering({ coords: { latitude: 43.6627, longitude: -79.333 } }),
    );
    expect(answer).toEqual({
      ok: true,
      location: { lat: 43.6627, lng: -79.333, label: 'Leslieville', source: 'device' },
    });
  });

  it.each([
    [1, GEOLOCATION_MESSAGES.denied],
    [2, GEOLOCATION_MESSAGES.positionUnavailable],
    [3, GEOLOCATION_MESSAGES.timeout],
  ])('explains error code %i in words', async (code, message) => {
    expect(await getDevicePosition(geolocationAnswering({ code }))).toEqual({ ok: false, message });
  });

  it('says so when the device has no geolocation at all', async () => {
    expect(await getDevicePosition(undefined)).toEqual({
      ok: false,
      message: GEOLOCATION_MESSAGES.unavailable,
    });
  });
});
