import { catalogPaths } from '@localmart/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_ENTRY_ID as BUILD_APP_ENTRY_ID } from '../../../vite-plugins/first-paint-page.ts';
import { DEVICE_PREFERENCE_KEYS } from '../../lib/location/device-preferences.ts';
import { PREFERENCES_COOKIE } from '../../lib/location/preferences-cookie.ts';
import {
  APP_ENTRY_ID,
  APP_START_MAX_WAIT_MS,
  COUNTRY_STORAGE_KEY,
  deferredAppEntry,
  firstScreenFor,
  LOCATION_STORAGE_KEY,
  startFirstScreen,
} from '../first-screen.ts';
import { FIRST_ANSWER_ID, FIRST_PAINT_ID } from './first-paint-id.ts';

// The first-screen entry with a page the server sent with its first paint (server-entry.ts,
// vite-plugins/first-paint-page.ts): the list is in the page, the app starts after the covers.

const realFetch = window.fetch;
const ANSWER = { status: 1, results: [], nextCursor: null };

/** The page as the server sends it: the app's entry named, the first paint and its answer drawn. */
function serverPage({ api = catalogPaths.businesses as string, covers = 2 } = {}) {
  document.head.innerHTML = `<script type="application/json" id="${APP_ENTRY_ID}">${JSON.stringify({
    entry: '/assets/index-1.js',
    preloads: ['/assets/a-1.js', '//evil.test/x.js'],
  })}</script>`;
  const images = Array.from(
    { length: covers },
    (_, n) => `<img src="/api/v1/catalog-images/${n}" fetchpriority="high">`,
  ).join('');
  document.body.innerHTML =
    `<div id="root"></div><div id="${FIRST_PAINT_ID}">${images}<img src="/lazy" loading="lazy"></div>` +
    `<script type="application/json" id="${FIRST_ANSWER_ID}" data-api="${api}">${JSON.stringify(ANSWER)}</script>`;
  // jsdom loads no image: each cover is made "still loading" until the test says otherwise.
  const covered = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  for (const image of covered) Object.defineProperty(image, 'complete', { value: false });
  return covered;
}

function stubbedScreens(load: () => Promise<unknown>) {
  return (...args: Parameters<typeof firstScreenFor>) => {
    const screen = firstScreenFor(...args);
    return screen && { ...screen, load };
  };
}

async function flush() {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('first-screen entry with the server’s first paint', () => {
  afterEach(() => {
    window.fetch = realFetch;
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    document.cookie = `${PREFERENCES_COOKIE}=; path=/; max-age=0`;
    window.localStorage.clear();
    window.history.replaceState(null, '', '/');
    vi.useRealTimers();
  });

  it('names the same ids as the build and the device preferences', () => {
    expect(APP_ENTRY_ID).toBe(BUILD_APP_ENTRY_ID);
    expect(LOCATION_STORAGE_KEY).toBe(DEVICE_PREFERENCE_KEYS.location);
    expect(COUNTRY_STORAGE_KEY).toBe(DEVICE_PREFERENCE_KEYS.country);
  });

  it('hands the embedded answer to the page (no request), and starts the app once the covers are in', async () => {
    window.history.replaceState(null, '', '/home');
    const covers = serverPage();
    const network = vi.fn(async () => new Response('{}'));
    window.fetch = network;
    const page = vi.fn(() => Promise.resolve());
    const importApp = vi.fn(() => Promise.resolve());
    startFirstScreen(stubbedScreens(page), importApp);

    const answer = await window.fetch(catalogPaths.businesses, { method: 'GET' });
    expect(await answer.json()).toEqual(ANSWER);
    expect(network).not.toHaveBeenCalled();

    // The covers (the LCP) first: neither the app nor the page's code is asked for yet.
    await flush();
    expect(importApp).not.toHaveBeenCalled();
    expect(page).not.toHaveBeenCalled();
    covers[0]?.dispatchEvent(new Event('load'));
    await flush();
    expect(importApp).not.toHaveBeenCalled();
    // A cover that fails counts as arrived: the app must start anyway.
    covers[1]?.dispatchEvent(new Event('error'));
    await flush();
    expect(importApp).toHaveBeenCalledWith('/assets/index-1.js');
    expect(page).toHaveBeenCalledTimes(1);
    // The app's module preloads, as index.html would have listed them; only our own files.
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual(['/assets/a-1.js']);
    // The browser has no stored preference: the cookie the server reads stays unset.
    expect(document.cookie).not.toContain(`${PREFERENCES_COOKIE}=`);
  });

  it('does not wait for slow covers longer than APP_START_MAX_WAIT_MS', async () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/products');
    serverPage({ api: catalogPaths.products });
    const importApp = vi.fn(() => Promise.resolve());
    startFirstScreen(
      stubbedScreens(() => Promise.resolve()),
      importApp,
    );
    await vi.advanceTimersByTimeAsync(APP_START_MAX_WAIT_MS - 10);
    expect(importApp).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    expect(importApp).toHaveBeenCalledTimes(1);
  });

  it('with a stored location, drops a first paint drawn without it, asks for its own list, starts the app at once, and sets the cookie', async () => {
    window.localStorage.setItem(
      LOCATION_STORAGE_KEY,
      JSON.stringify({ lat: 43.65, lng: -79.38, label: 'Downtown' }),
    );
    window.history.replaceState(null, '', '/home');
    serverPage();
    const network = vi.fn(async () => new Response(JSON.stringify(ANSWER)));
    window.fetch = network;
    const importApp = vi.fn(() => Promise.resolve());
    startFirstScreen(
      stubbedScreens(() => Promise.resolve()),
      importApp,
    );
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
    expect(document.getElementById(FIRST_ANSWER_ID)).toBeNull();
    expect(network).toHaveBeenCalledWith(
      `${catalogPaths.businesses}?lat=43.65&lng=-79.38&sort=distance`,
      { method: 'GET', credentials: 'same-origin' },
    );
    expect(importApp).toHaveBeenCalledTimes(1);
    expect(document.cookie).toContain(`${PREFERENCES_COOKIE}=1`);
  });

  it('a country alone counts as a preference too', () => {
    window.localStorage.setItem(COUNTRY_STORAGE_KEY, 'US');
    window.history.replaceState(null, '', '/cart');
    startFirstScreen(
      stubbedScreens(() => Promise.resolve()),
      vi.fn(),
    );
    expect(document.cookie).toContain(`${PREFERENCES_COOKIE}=1`);
  });

  it('ignores an embedded answer of another call', async () => {
    window.history.replaceState(null, '', '/home');
    serverPage({ api: '/api/v1/businesses?kind=restaurant' });
    const network = vi.fn(async () => new Response(JSON.stringify(ANSWER)));
    window.fetch = network;
    startFirstScreen(
      stubbedScreens(() => Promise.resolve()),
      vi.fn(),
    );
    await window.fetch(catalogPaths.businesses);
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('starts the app named in the page on any page, and in the native shells', () => {
    serverPage();
    window.history.replaceState(null, '', '/cart');
    const importApp = vi.fn(() => Promise.resolve());
    startFirstScreen(
      stubbedScreens(() => Promise.resolve()),
      importApp,
    );
    expect(importApp).toHaveBeenCalledTimes(1);
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true });
    startFirstScreen(
      stubbedScreens(() => Promise.resolve()),
      importApp,
    );
    expect(importApp).toHaveBeenCalledTimes(2);
  });

  it('reads only an entry of our own origin', () => {
    const page = (json: string) => {
      document.head.innerHTML = `<script type="application/json" id="${APP_ENTRY_ID}">${json}</script>`;
      return deferredAppEntry();
    };
    expect(page('{"entry":"/assets/i.js","preloads":["/assets/p.js"]}')).toEqual({
      entry: '/assets/i.js',
      preloads: ['/assets/p.js'],
    });
    expect(page('{"entry":"https://evil.test/i.js"}')).toBeNull();
    expect(page('{"entry":"//evil.test/i.js"}')).toBeNull();
    expect(page('not json')).toBeNull();
    document.head.innerHTML = '';
    expect(deferredAppEntry()).toBeNull();
  });
});
