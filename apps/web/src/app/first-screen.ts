import { FIRST_ANSWER_ID, FIRST_PAINT_ID } from './first-paint/first-paint-id.ts';
import { DEVICE_PREFERENCE_KEYS } from '../lib/location/device-preference-keys.ts';
import { syncPreferencesCookie } from '../lib/location/preferences-cookie.ts';
import { removeFirstPaint } from './first-paint/remove-first-paint.ts';
import {
  firstScreenCall,
  LOCATION_STORAGE_KEY,
  storedNear,
  type Near,
} from './first-screen-call.ts';

export {
  FIRST_SCREEN_API,
  LOCATION_STORAGE_KEY,
  listUrl,
  storedNear,
  type Near,
} from './first-screen-call.ts';

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
 * When the server sent the page with its first paint (app/first-paint, ADR 0017), the list's answer
 * is already in the page and is handed over instead of fetched, and this script also starts the app
 * itself (the page names its entry instead of loading it), once the first paint's covers are in.
 * It must stay small and free of zod, the HTTP client, React and the contract (whose constants share
 * modules, and so chunks, with zod schemas): everything it imports is downloaded before it can run.
 * A URL built here that the page ends up not asking for (a stored location the app reads
 * differently) costs one wasted request, never a wrong list: only an exact URL match is answered.
 * The lists are the same for everyone (no user-specific fields), so a signed-in shopper's request,
 * which carries a bearer token, may share it too.
 */

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
  const call = firstScreenCall(pathname, search, near);
  switch (call?.page) {
    case 'stores':
      return {
        api: call.api,
        covers: (answer) => firstCovers(answer, 'cover'),
        load: () => import('../features/stores/components/stores-page.tsx'),
      };
    case 'products':
      return {
        api: call.api,
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

/** The key of the shopper's country in lib/location/device-preferences.ts. */
export const COUNTRY_STORAGE_KEY = DEVICE_PREFERENCE_KEYS.country;

function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be blocked (privacy settings): the list then loads without a location anyway.
    return null;
  }
}

/**
 * The answer the server embedded with its first paint (app/first-paint), when it is the answer of
 * `api`: the page then needs no request of its own. Read once; the element is removed with the
 * first paint.
 */
export function embeddedAnswer(api: string, doc: Document = document): string | null {
  const element = doc.getElementById(FIRST_ANSWER_ID);
  if (!element || element.getAttribute('data-api') !== api) return null;
  return element.textContent;
}

/** The app's entry when the page came with the server's first paint (vite-plugins/first-paint-page.ts). */
export interface AppEntry {
  entry: string;
  preloads: string[];
}

/** Must match vite-plugins/first-paint-page.ts APP_ENTRY_ID (tested equal). */
export const APP_ENTRY_ID = 'lm-app-entry';

/** The app's entry named in the page, or null when the page starts the app itself (no first paint). */
export function deferredAppEntry(doc: Document = document): AppEntry | null {
  const text = doc.getElementById(APP_ENTRY_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<AppEntry>;
    const ours = (url: unknown): url is string =>
      typeof url === 'string' && url.startsWith('/') && !url.startsWith('//');
    if (!ours(value.entry)) return null;
    return {
      entry: value.entry,
      preloads: Array.isArray(value.preloads) ? value.preloads.filter(ours) : [],
    };
  } catch {
    return null;
  }
}

/**
 * How long the app's code waits for the first paint's images at most: they are a few KB, so this is
 * only reached on a network so slow that the app would be later still.
 */
export const APP_START_MAX_WAIT_MS = 1500;

/** Resolves once every image has loaded (or failed), or after `maxMs`. */
export function imagesSettled(images: readonly HTMLImageElement[], maxMs: number): Promise<void> {
  const pending = images.filter((image) => !image.complete);
  if (pending.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    let left = pending.length;
    const timer = setTimeout(resolve, maxMs);
    const settled = () => {
      left -= 1;
      if (left === 0) {
        clearTimeout(timer);
        resolve();
      }
    };
    for (const image of pending) {
      image.addEventListener('load', settled, { once: true });
      image.addEventListener('error', settled, { once: true });
    }
  });
}

/** The browser's own module loader; tests pass a stand-in. */
export type ImportModule = (url: string) => Promise<unknown>;
const importModule: ImportModule = (url) => import(/* @vite-ignore */ url);

/** Starts the app: its modules' preloads (as index.html lists them), then its entry. */
export function startApp(
  app: AppEntry,
  load: ImportModule = importModule,
  doc: Document = document,
): Promise<unknown> {
  for (const href of app.preloads) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.append(link);
  }
  return load(app.entry);
}

export function startFirstScreen(
  screenFor: typeof firstScreenFor = firstScreenFor,
  load: ImportModule = importModule,
): void {
  const app = deferredAppEntry();
  // Sent with the server's first paint, the page leaves starting the app to this script.
  const launch = () => {
    if (app) startApp(app, load).catch(() => undefined);
  };
  if (!isWebOrigin()) {
    launch();
    return;
  }
  const raw = stored(LOCATION_STORAGE_KEY);
  const hasPreferences = raw !== null || stored(COUNTRY_STORAGE_KEY) !== null;
  syncPreferencesCookie(hasPreferences);
  // The server draws the first paint for a browser without preferences (it knows by the cookie);
  // stored before the cookie existed, a location would not be on it: the app draws the page alone.
  if (hasPreferences) removeFirstPaint();
  const firstPaint = document.getElementById(FIRST_PAINT_ID);
  const screen = screenFor(window.location.pathname, window.location.search, storedNear(raw));
  if (!screen) {
    launch();
    return;
  }
  const embedded = firstPaint ? embeddedAnswer(screen.api) : null;
  // The HTTP client's own options for a GET (lib/http.ts send), so the answer is the one it gets.
  const early =
    embedded !== null
      ? Promise.resolve(
          new Response(embedded, {
            status: 200,
            headers: { 'content-type': 'application/json; charset=utf-8' },
          }),
        )
      : window.fetch(screen.api, { method: 'GET', credentials: 'same-origin' }).then((response) => {
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
  const loadPage = () => {
    // A failure is harmless: the route loads its module again when it renders.
    screen.load().catch(() => undefined);
    launch();
    // A task of its own, after the requests above have gone out; the main thread is idle until the
    // main bundle has arrived (~1 s later on a phone's link).
    const { warmUp } = screen;
    if (warmUp) setTimeout(warmUp, 0);
  };
  if (firstPaint && app) {
    // The first paint's covers (its LCP) go first; the app's code follows them.
    const covers = [...firstPaint.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
    void imagesSettled(covers, APP_START_MAX_WAIT_MS).then(loadPage);
  } else {
    loadPage();
  }
}
