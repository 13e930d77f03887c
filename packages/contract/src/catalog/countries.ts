import type { Country } from './schemas/location.ts';

/** country-modal: countries a shopper can choose, with the currency and units that follow. */
export const COUNTRIES: readonly Country[] = [
  { code: 'CA', name: 'Canada', currency: 'CAD', units: 'metric', locale: 'en-CA' },
  { code: 'US', name: 'United States', currency: 'USD', units: 'imperial', locale: 'en-US' },
  // Road distances in the UK are in miles, so distances read imperial though prices are metric.
  { code: 'GB', name: 'United Kingdom', currency: 'GBP', units: 'imperial', locale: 'en-GB' },
  { code: 'IN', name: 'India', currency: 'INR', units: 'metric', locale: 'en-IN' },
  { code: 'AU', name: 'Australia', currency: 'AUD', units: 'metric', locale: 'en-AU' },
];

/** The demo city is Toronto. */
export const DEFAULT_COUNTRY_CODE = 'CA';

export function findCountry(code: string): Country | undefined {
  const upper = code.toUpperCase();
  return COUNTRIES.find((country) => country.code === upper);
}

export const DEFAULT_COUNTRY: Country =
  findCountry(DEFAULT_COUNTRY_CODE) ?? (COUNTRIES[0] as Country);
