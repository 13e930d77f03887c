import { describe, expect, it } from 'vitest';
import { COUNTRIES, DEFAULT_COUNTRY, findCountry } from './countries.ts';
import { haversineKm } from './geo.ts';
import { DEFAULT_LOCATION, DEFAULT_PLACE, findPlace, nearestPlace, PLACES } from './places.ts';
import { countrySchema, placeSchema } from './schemas/location.ts';

describe('bundled places', () => {
  it('are valid, uniquely named places in Canada', () => {
    expect(PLACES.length).toBeGreaterThanOrEqual(40);
    for (const place of PLACES) expect(placeSchema.parse(place)).toEqual(place);
    expect(new Set(PLACES.map((place) => place.id)).size).toBe(PLACES.length);
  });

  it('centre the demo on downtown Toronto', () => {
    expect(DEFAULT_PLACE.id).toBe('toronto-downtown');
    expect(DEFAULT_LOCATION).toEqual({ lat: 43.6532, lng: -79.3832 });
  });

  it('put Toronto neighbourhoods in Toronto and the towns around it nearby', () => {
    for (const place of PLACES.filter((p) => p.city === 'Toronto')) {
      expect(haversineKm(place, DEFAULT_LOCATION)).toBeLessThan(20);
    }
    expect(haversineKm(findPlace('oakville') ?? DEFAULT_PLACE, DEFAULT_LOCATION)).toBeLessThan(40);
    expect(haversineKm(findPlace('vancouver') ?? DEFAULT_PLACE, DEFAULT_LOCATION)).toBeGreaterThan(
      3000,
    );
  });

  it('find the nearest place to a point', () => {
    expect(nearestPlace({ lat: 43.6629, lng: -79.3325 }).id).toBe('leslieville');
    expect(nearestPlace({ lat: 45.5, lng: -73.57 }).id).toBe('montreal');
  });
});

describe('countries', () => {
  it('carry currency and units', () => {
    for (const country of COUNTRIES) expect(countrySchema.parse(country)).toEqual(country);
    expect(DEFAULT_COUNTRY).toMatchObject({ code: 'CA', currency: 'CAD', units: 'metric' });
    expect(findCountry('us')).toMatchObject({ currency: 'USD', units: 'imperial' });
    expect(findCountry('GB')?.currency).toBe('GBP');
    expect(findCountry('IN')).toMatchObject({ currency: 'INR', units: 'metric' });
    expect(findCountry('ZZ')).toBeUndefined();
  });
});
