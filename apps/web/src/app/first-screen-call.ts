import { DEVICE_PREFERENCE_KEYS } from '../lib/location/device-preference-keys.ts';
import { businessListParams } from '../features/stores/api/business-list-params.ts';
import { PRODUCTS_PATH } from '../features/products/model/paths.ts';
import { HOME_PATH } from '../lib/paths.ts';

// Which list call each landing page starts with: used by the first-screen entry (first-screen.ts) in
// the browser and by the server-drawn first paint (first-paint/), so both ask for the same URL. A
// module of its own, free of the pages' dynamic imports, which the server's bundle must not follow.

/** Where lib/location/device-preferences.ts keeps the shopper's location on the web. */
export const LOCATION_STORAGE_KEY = DEVICE_PREFERENCE_KEYS.location;
/** catalogPaths.businesses and catalogPaths.products of the contract (tested equal). */
export const FIRST_SCREEN_API = {
  businesses: '/api/v1/businesses',
  products: '/api/v1/products',
} as const;

export type Near = { lat: number; lng: number } | Record<string, never>;

/** The `lat`/`lng` of a stored location, or none when there is none or it does not look like one. */
export function storedNear(raw: string | null): Near {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return {};
    const { lat, lng } = value as Record<string, unknown>;
    if (typeof lat !== 'number' || typeof lng !== 'number') return {};
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return {};
    return { lat, lng };
  } catch {
    return {};
  }
}

/** Same rule as lib/http.ts buildUrl on the web (origin ''): unset values are left out. */
export function listUrl(
  path: string,
  params: Record<string, string | number | boolean | null | undefined>,
): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** The landing page of `pathname` and the list call it opens with, or null for any other page. */
export function firstScreenCall(
  pathname: string,
  search: string,
  near: Near,
): { page: 'stores' | 'products'; api: string } | null {
  switch (pathname) {
    // '/' redirects to the Stores page (routes.tsx).
    case '/':
    case HOME_PATH:
      // The Stores page opens with no search and no filter: only the location is sent.
      return {
        page: 'stores',
        api: listUrl(FIRST_SCREEN_API.businesses, businessListParams(near)),
      };
    case PRODUCTS_PATH:
      // Filters in the URL (a shared search link) are parsed by the page with the contract's limits;
      // the plain grid, the landing case, sends only the location (product-filters.ts defaults).
      if (search !== '' && search !== '?') return null;
      return { page: 'products', api: listUrl(FIRST_SCREEN_API.products, near) };
    default:
      return null;
  }
}
