import { beforeAll } from 'vitest';
import type { AppDatabase } from '../db/client.ts';
import { type DemoCity, generateCity } from '../modules/catalog/demo/generate-city.ts';
import { loadCity } from '../modules/catalog/seed/load-city.ts';

/**
 * The catalogue tests' world: the small demo city at a fixed instant, a Thursday afternoon in
 * Toronto, so open states, sale windows and this week's flyers are the same on every run. Build the
 * app with `{ now: () => CITY_NOW }`.
 */
export const CITY_NOW = new Date('2026-11-19T19:30:00.000Z');
export const CITY_SEED = 'test-city';

export function testCity(): DemoCity {
  return generateCity({ scale: 'small', seed: CITY_SEED, now: CITY_NOW });
}

/** Loads the city into the file's test database once (beforeAll); returns the city's records. */
export function useCatalogCity(getDatabase: () => AppDatabase): () => DemoCity {
  const city = testCity();
  beforeAll(async () => {
    await loadCity(getDatabase().db, city);
  }, 120_000);
  return () => city;
}
