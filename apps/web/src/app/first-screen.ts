import { businessListParams } from '../features/stores/api/business-list-params.ts';
import { PRODUCTS_PATH } from '../features/products/model/paths.ts';
import { HOME_PATH } from '../lib/paths.ts';

/**
 * The second, tiny entry of index.html. It runs while the main bundle (React, Ionic: ~160 kB
 * compressed, most of a second on a phone's link and as long again to evaluate) is still arriving,
 * and starts what the first screen of the two landing pages waits for:
 * - the list's API call, as `<link rel=preload as=fetch>`: the page's own fetch of the same URL is
 *   then answered from the preload instead of the network;
 * - the page's code (its chunk, its imports and its CSS), which main.tsx could only ask for once the
 *   main bundle had run.
 * It must stay small and free of zod, the HTTP client, React and the contract (whose constants share
 * modules, and so chunks, with zod schemas): everything it imports is downloaded before it can run. A URL built here that the page ends up not asking for (a stored location the app
 * reads differently) costs one wasted request, never a wrong list: the preload only answers an exact
 * URL match. The lists are the same for everyone (no user-specific fields), so a signed-in shopper's
 * request, which carries a bearer token, may share it too.
 */

/** Where lib/location/device-preferences.ts keeps the shopper's location on the web (tested equal). */
export const LOCATION_STORAGE_KEY = 'lm_location';
/** catalogPaths.businesses and catalogPaths.products of the contract (tested equal). */
export const FIRST_SCREEN_API = {
  businesses: '/api/v1/businesses',
  products: '/api/v1/products',
} as const;

type Near = { lat: number; lng: number } | Record<string, never>;

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

export interface FirstScreen {
  /** The list call the page makes first, exactly as the HTTP client will ask for it. */
  api: string;
  /** The page's module: the same import() the route table makes, so the chunk is shared. */
  load: () => Promise<unknown>;
}

/** The first screen of the pages a shopper lands on, or null for any other page. */
export function firstScreenFor(pathname: string, search: string, near: Near): FirstScreen | null {
  switch (pathname) {
    // '/' redirects to the Stores page (routes.tsx).
    case '/':
    case HOME_PATH:
      return {
        // The Stores page opens with no search and no filter: only the location is sent.
        api: listUrl(FIRST_SCREEN_API.businesses, businessListParams(near)),
        load: () => import('../features/stores/components/stores-page.tsx'),
      };
    case PRODUCTS_PATH:
      // Filters in the URL (a shared search link) are parsed by the page with the contract's limits;
      // the plain grid, the landing case, sends only the location (product-filters.ts defaults).
      if (search !== '' && search !== '?') return null;
      return {
        api: listUrl(FIRST_SCREEN_API.products, near),
        load: () => import('../features/products/components/products-page.tsx'),
      };
    default:
      return null;
  }
}

interface CapacitorGlobal {
  Capacitor?: { isNativePlatform?: () => boolean };
}

/** The web app on its own origin; the native shells call another origin with a token (lib/platform.ts). */
function isWebOrigin(): boolean {
  const { protocol } = window.location;
  const native = (window as CapacitorGlobal).Capacitor?.isNativePlatform?.() ?? false;
  return (protocol === 'http:' || protocol === 'https:') && !native;
}

export function startFirstScreen(screenFor: typeof firstScreenFor = firstScreenFor): void {
  if (!isWebOrigin()) return;
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(LOCATION_STORAGE_KEY);
  } catch {
    // Storage can be blocked (privacy settings): the list then loads without a location anyway.
  }
  const screen = screenFor(window.location.pathname, window.location.search, storedNear(raw));
  if (!screen) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'fetch');
  // The HTTP client's fetch is cors-mode with same-origin credentials: only a matching preload is used.
  link.setAttribute('crossorigin', 'anonymous');
  link.setAttribute('href', screen.api);
  document.head.append(link);
  // A failure is harmless: the route loads its module again when it renders.
  screen.load().catch(() => undefined);
}
