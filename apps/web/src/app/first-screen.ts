import { businessListParams } from '../features/stores/api/business-list-params.ts';
import { PRODUCTS_PATH } from '../features/products/model/paths.ts';
import { HOME_PATH } from '../lib/paths.ts';

/**
 * The second, tiny entry of index.html. It runs while the main bundle (React, Ionic: ~160 kB
 * compressed, most of a second on a phone's link and as long again to evaluate) is still arriving,
 * and starts what the first screen of the two landing pages waits for:
 * - the list's API call. Its answer is handed to the page's own fetch of the same URL (see
 *   `handOverFirstFetch`), and read here for the covers of the first cards, which are preloaded:
 *   the cover is the LCP element, and without this its request started only once React had
 *   rendered the cards, ~1 s after the list had arrived (bench: vitals, -0.2 s LCP);
 * - the page's code (its chunk, its imports and its CSS), which main.tsx could only ask for once the
 *   main bundle had run.
 * It must stay small and free of zod, the HTTP client, React and the contract (whose constants share
 * modules, and so chunks, with zod schemas): everything it imports is downloaded before it can run. A URL built here that the page ends up not asking for (a stored location the app
 * reads differently) costs one wasted request, never a wrong list: only an exact URL match is
 * answered. The lists are the same for everyone (no user-specific fields), so a signed-in shopper's
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
  /** The cover URLs of the cards the list answer puts at the top of the screen, first first. */
  covers: (answer: unknown) => string[];
  /** The page's module: the same import() the route table makes, so the chunk is shared. */
  load: () => Promise<unknown>;
  /** Work the page's first render would otherwise do itself, done while the main bundle arrives. */
  warmUp?: () => void;
}

/**
 * Builds (and drops) a currency formatter. The first one a page builds loads ICU's locale and
 * currency data: 60-100 ms of main thread under mobile throttling, which the product grid's first
 * render paid for its first price (PriceTag), before the first card and its image could paint. Any
 * currency warms it (later formatters of other locales and currencies cost ~2 ms), so the contract's
 * default (en-CA, CAD) is used here without importing the contract.
 */
export function warmCurrencyFormat(): void {
  try {
    new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(1);
  } catch {
    // An engine without Intl's currency data: the page formats prices as it can, later.
  }
}

/**
 * How many covers to preload: the Stores list shows one full-width card above the fold, the product
 * grid a row of two; the first is the LCP element.
 */
export const PRELOADED_COVERS = 2;

/**
 * The `url` of `field` (an ImageRef of the contract) of the first results of a list answer. Read
 * without the contract's schemas (too big for this entry): anything unexpected gives no URL.
 */
export function firstCovers(answer: unknown, field: 'cover' | 'image'): string[] {
  if (typeof answer !== 'object' || answer === null) return [];
  const { results } = answer as Record<string, unknown>;
  if (!Array.isArray(results)) return [];
  const urls: string[] = [];
  for (const item of results.slice(0, PRELOADED_COVERS) as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const image = (item as Record<string, unknown>)[field];
    if (typeof image !== 'object' || image === null) continue;
    const { url } = image as Record<string, unknown>;
    // Our own relative paths only (the web app's origin); anything else is left to the page.
    if (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//')) urls.push(url);
  }
  return urls;
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
        covers: (answer) => firstCovers(answer, 'cover'),
        load: () => import('../features/stores/components/stores-page.tsx'),
      };
    case PRODUCTS_PATH:
      // Filters in the URL (a shared search link) are parsed by the page with the contract's limits;
      // the plain grid, the landing case, sends only the location (product-filters.ts defaults).
      if (search !== '' && search !== '?') return null;
      return {
        api: listUrl(FIRST_SCREEN_API.products, near),
        covers: (answer) => firstCovers(answer, 'image'),
        load: () => import('../features/products/components/products-page.tsx'),
        // Its cards show prices (the stores list shows none).
        warmUp: warmCurrencyFormat,
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

/** Same-origin absolute form of a fetch input, or null for a Request object (never ours). */
function absoluteUrl(input: RequestInfo | URL): string | null {
  if (typeof input === 'string') return new URL(input, window.location.href).href;
  if (input instanceof URL) return input.href;
  return null;
}

/**
 * Answers the first GET of `url` through `window.fetch` (the HTTP client calls the global at call
 * time) with `early`, once; every other call, and any call after it, goes to the real fetch. A
 * `<link rel=preload as=fetch>` would do the same for the page but keeps its body from this script.
 */
export function handOverFirstFetch(url: string, early: Promise<Response>): void {
  const realFetch = window.fetch;
  const target = new URL(url, window.location.href).href;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method === 'GET' && absoluteUrl(input) === target) {
      window.fetch = realFetch;
      return early;
    }
    return realFetch.call(window, input, init);
  };
}

/** Starts the image requests now; the page's `<img>` of the same URL is answered from them. */
function preloadImages(urls: readonly string[]): void {
  for (const url of urls) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'image');
    link.setAttribute('fetchpriority', 'high');
    link.setAttribute('href', url);
    document.head.append(link);
  }
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
  // The HTTP client's own options for a GET (lib/http.ts send), so the answer is the one it gets.
  const early = window
    .fetch(screen.api, { method: 'GET', credentials: 'same-origin' })
    .then((response) => {
      // Cloned before the page can read the body; a bad or failed answer is the page's to report.
      if (response.ok) {
        response
          .clone()
          .json()
          .then((answer: unknown) => preloadImages(screen.covers(answer)))
          .catch(() => undefined);
      }
      return response;
    });
  // Nobody may be listening yet: a failed call is reported when the page takes it over.
  early.catch(() => undefined);
  handOverFirstFetch(screen.api, early);
  // A failure is harmless: the route loads its module again when it renders.
  screen.load().catch(() => undefined);
  // A task of its own, after the requests above have gone out; the main thread is idle until the
  // main bundle has arrived (~1 s later on a phone's link).
  const { warmUp } = screen;
  if (warmUp) setTimeout(warmUp, 0);
}
