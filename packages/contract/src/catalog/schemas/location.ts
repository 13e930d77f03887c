import { z } from 'zod';
import { currencyCodeSchema, latitudeSchema, longitudeSchema, slugSchema } from './common.ts';
import { safeText } from '../../schemas/safe-input.ts';

/** user-location: an entry of the bundled place list the shopper can pick instead of sharing GPS. */
export const placeSchema = z.object({
  id: slugSchema,
  name: safeText(),
  /** The municipality: 'Toronto' for a Toronto neighbourhood, the place itself for a town. */
  city: safeText(),
  /** Province or state. */
  region: safeText(),
  /** ISO 3166-1 alpha-2 */
  country: safeText().length(2),
  lat: latitudeSchema,
  lng: longitudeSchema,
});
export type Place = z.infer<typeof placeSchema>;

export const UNIT_SYSTEMS = ['metric', 'imperial'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];

/** country-modal: what choosing a country changes (prices' currency, distance units, formatting). */
export const countrySchema = z.object({
  /** ISO 3166-1 alpha-2 */
  code: safeText().regex(/^[A-Z]{2}$/),
  name: safeText(),
  currency: currencyCodeSchema,
  /** Distance units shoppers expect: the UK and US read road distances in miles. */
  units: z.enum(UNIT_SYSTEMS),
  /** BCP 47 locale for numbers, prices and dates. */
  locale: safeText(),
});
export type Country = z.infer<typeof countrySchema>;
