import { isValidTimeZone } from './zoned-time.ts';

/**
 * The time zone a store most likely keeps, from its address: stores pick it from a list, and the
 * list starts on this one, so an owner in Vancouver is not left on Toronto's clock. Provinces and
 * states spanning two zones get the zone of most of their people; the owner can change it.
 */
const BY_REGION: Record<string, Record<string, string>> = {
  CA: {
    BC: 'America/Vancouver',
    AB: 'America/Edmonton',
    SK: 'America/Regina',
    MB: 'America/Winnipeg',
    ON: 'America/Toronto',
    QC: 'America/Toronto',
    NB: 'America/Moncton',
    NS: 'America/Halifax',
    PE: 'America/Halifax',
    NL: 'America/St_Johns',
    YT: 'America/Whitehorse',
    NT: 'America/Yellowknife',
    NU: 'America/Iqaluit',
  },
  US: {
    CA: 'America/Los_Angeles',
    WA: 'America/Los_Angeles',
    OR: 'America/Los_Angeles',
    NV: 'America/Los_Angeles',
    AZ: 'America/Phoenix',
    CO: 'America/Denver',
    UT: 'America/Denver',
    NM: 'America/Denver',
    MT: 'America/Denver',
    WY: 'America/Denver',
    ID: 'America/Boise',
    TX: 'America/Chicago',
    IL: 'America/Chicago',
    MN: 'America/Chicago',
    WI: 'America/Chicago',
    MO: 'America/Chicago',
    LA: 'America/Chicago',
    AL: 'America/Chicago',
    MS: 'America/Chicago',
    TN: 'America/Chicago',
    IA: 'America/Chicago',
    KS: 'America/Chicago',
    NE: 'America/Chicago',
    OK: 'America/Chicago',
    AR: 'America/Chicago',
    SD: 'America/Chicago',
    ND: 'America/Chicago',
    AK: 'America/Anchorage',
    HI: 'Pacific/Honolulu',
  },
  AU: {
    NSW: 'Australia/Sydney',
    ACT: 'Australia/Sydney',
    VIC: 'Australia/Melbourne',
    QLD: 'Australia/Brisbane',
    SA: 'Australia/Adelaide',
    WA: 'Australia/Perth',
    TAS: 'Australia/Hobart',
    NT: 'Australia/Darwin',
  },
};

const BY_COUNTRY: Record<string, string> = {
  CA: 'America/Toronto',
  US: 'America/New_York',
  GB: 'Europe/London',
  IN: 'Asia/Kolkata',
  AU: 'Australia/Sydney',
};

/** Province/state names as typed, mapped to their codes ('Ontario' -> 'ON'). */
const REGION_NAMES: Record<string, string> = {
  'BRITISH COLUMBIA': 'BC',
  ALBERTA: 'AB',
  SASKATCHEWAN: 'SK',
  MANITOBA: 'MB',
  ONTARIO: 'ON',
  QUEBEC: 'QC',
  QUÉBEC: 'QC',
  'NEW BRUNSWICK': 'NB',
  'NOVA SCOTIA': 'NS',
  'PRINCE EDWARD ISLAND': 'PE',
  'NEWFOUNDLAND AND LABRADOR': 'NL',
  CALIFORNIA: 'CA',
  WASHINGTON: 'WA',
  TEXAS: 'TX',
  'NEW SOUTH WALES': 'NSW',
  VICTORIA: 'VIC',
  QUEENSLAND: 'QLD',
};

/** The likely time zone of an address; the country's main zone when the region is unknown. */
export function timeZoneForAddress(country: string, region: string): string | null {
  const countryCode = country.trim().toUpperCase();
  const typed = region.trim().toUpperCase();
  const regionCode = REGION_NAMES[typed] ?? typed;
  return BY_REGION[countryCode]?.[regionCode] ?? BY_COUNTRY[countryCode] ?? null;
}

/**
 * Every time zone the runtime knows, for the store's time zone list: the address's likely zone and
 * the zones of the shopper countries first, then the rest alphabetically.
 */
export function timeZoneChoices(first: readonly string[] = []): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const preferred = [
    ...first,
    ...Object.values(BY_COUNTRY),
    ...Object.values(BY_REGION).flatMap((regions) => Object.values(regions)),
  ].filter(isValidTimeZone);
  return [...new Set([...preferred, ...all])];
}
