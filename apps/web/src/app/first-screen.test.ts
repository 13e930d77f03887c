import { catalogPaths } from '@localmart/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_PREFERENCE_KEYS } from '../lib/location/device-preferences.ts';
import { buildUrl } from '../lib/http.ts';
import { businessListParams } from '../features/stores/api/business-list-params.ts';
import {
  DEFAULT_PRODUCT_FILTERS,
  productListParams,
} from '../features/products/model/product-filters.ts';
import {
  FIRST_SCREEN_API,
  firstCovers,
  firstScreenFor,
  handOverFirstFetch,
  LOCATION_STORAGE_KEY,
  listUrl,
  startFirstScreen,
  storedNear,
  warmCurrencyFormat,
} from './first-screen.ts';

const TORONTO = { lat: 43.6532, lng: -79.3832 };

const realFetch = window.fetch;

describe('first screen (early list call and page code)', () => {
  afterEach(() => {
    window.fetch = realFetch;
    document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
    window.localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('uses the same storage key and API paths as the app (its copies cannot drift)', () => {
    expect(LOCATION_STORAGE_KEY).toBe(DEVICE_PREFERENCE_KEYS.location);
    expect(FIRST_SCREEN_API.businesses).toBe(catalogPaths.businesses);
    expect(FIRST_SCREEN_API.products).toBe(catalogPaths.products);
  });

  it('builds exactly the URL the HTTP client asks for', () => {
    const params = { q: 'milk', lat: 43.5, lng: -79.25, openNow: true, kind: undefined };
    expect(listUrl('/api/v1/x', params)).toBe(buildUrl('', '/api/v1/x', params));
    expect(listUrl('/api/v1/x', {})).toBe('/api/v1/x');
  });

  it('asks for the Stores page list the page asks for: with a location, nearest first', () => {
    const home = firstScreenFor('/home', '', TORONTO);
    expect(home?.api).toBe(buildUrl('', catalogPaths.businesses, businessListParams(TORONTO)));
    expect(home?.api).toBe(`${catalogPaths.businesses}?lat=43.6532&lng=-79.3832&sort=distance`);
    expect(firstScreenFor('/', '', {})?.api).toBe(catalogPaths.businesses);
  });

  it('asks for the plain product grid, and leaves a filtered grid to the page', () => {
    const products = firstScreenFor('/products', '', TORONTO);
    expect(products?.api).toBe(
      buildUrl(
        '',
        catalogPaths.products,
        productListParams(DEFAULT_PRODUCT_FILTERS, { lat: TORONTO.lat, lng: TORONTO.lng }),
      ),
    );
    expect(firstScreenFor('/products', '', {})?.api).toBe(catalogPaths.products);
    expect(firstScreenFor('/products', '?q=milk', TORONTO)).toBeNull();
    expect(firstScreenFor('/details', '?id=1', TORONTO)).toBeNull();
  });

  it('reads a stored location, and treats anything else as none', () => {
    expect(storedNear(JSON.stringify({ ...TORONTO, label: 'Toronto', source: 'place' }))).toEqual(
      TORONTO,
    );
    expect(storedNear(null)).toEqual({});
    expect(storedNear('not json')).toEqual({});
    expect(storedNear('"text"')).toEqual({});
    expect(storedNear(JSON.stringify({ lat: '43', lng: -79 }))).toEqual({});
    expect(storedNear(JSON.stringify({ lat: 91, lng: 0 }))).toEqual({});
  });

  /** The real screens, with the page's import() replaced (jsdom need not load a whole page). */
  function stubbedScreens(load: () => Promise<unknown>) {
    return (...args: Parameters<typeof firstScreenFor>) => {
      const screen = firstScreenFor(...args);
      return screen && { ...screen, load };
    };
  }

  function jsonResponse(body: unknown): Response {
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }

  /** Lets the early answer's promise chain (clone, json, preload) run. */
  async function flush() {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  }

  it('calls the landing list at once, hands the answer to the page, preloads the first covers', async () => {
    window.localStorage.setItem(LOCATION_STORAGE_KEY, JSON.stringify(TORONTO));
    window.history.replaceState(null, '', '/home');
    const api = `${catalogPaths.businesses}?lat=43.6532&lng=-79.3832&sort=distance`;
    const cover = (n: number) => ({
      url: `/api/v1/catalog-images/${n}`,
      alt: '',
      width: 1,
      height: 1,
    });
    const answer = { status: 1, results: [1, 2, 3].map((n) => ({ cover: cover(n) })) };
    const network = vi.fn(async () => jsonResponse(answer));
    window.fetch = network;
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    startFirstScreen(stubbedScreens(load));
    expect(load).toHaveBeenCalledTimes(1);
    expect(network).toHaveBeenCalledTimes(1);
    expect(network.mock.calls[0]).toEqual([api, { method: 'GET', credentials: 'same-origin' }]);

    // The page's own call (the HTTP client's options) gets that answer, body intact, and only once.
    const response = await window.fetch(api, { method: 'GET', credentials: 'same-origin' });
    expect(await response.json()).toEqual(answer);
    expect(network).toHaveBeenCalledTimes(1);
    await window.fetch(api);
    expect(network).toHaveBeenCalledTimes(2);

    await flush();
    const images = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
    expect(images.map((link) => link.getAttribute('href'))).toEqual([cover(1).url, cover(2).url]);
    expect(images.every((link) => link.getAttribute('as') === 'image')).toBe(true);
    expect(images[0]?.getAttribute('fetchpriority')).toBe('high');
  });

  it('warms the currency formatter for the product grid (prices), not for the Stores list', async () => {
    expect(firstScreenFor('/products', '', {})?.warmUp).toBe(warmCurrencyFormat);
    expect(firstScreenFor('/home', '', {})?.warmUp).toBeUndefined();
    const formats = vi.spyOn(Intl, 'NumberFormat');
    window.history.replaceState(null, '', '/products');
    window.fetch = vi.fn(async () => jsonResponse({ status: 1, results: [] }));
    startFirstScreen(stubbedScreens(() => Promise.resolve()));
    // In a task of its own, after the list call and the page's code have been asked for.
    expect(formats).not.toHaveBeenCalled();
    await flush();
    expect(formats).toHaveBeenCalledWith('en-CA', { style: 'currency', currency: 'CAD' });
    formats.mockRestore();
  });

  it('hands the answer over to a GET of the same URL only', async () => {
    const network = vi.fn(async () => jsonResponse({ from: 'network' }));
    window.fetch = network;
    handOverFirstFetch('/api/v1/products', Promise.resolve(jsonResponse({ from: 'early' })));
    await window.fetch('/api/v1/products?lat=1', { method: 'GET' });
    await window.fetch('/api/v1/products', { method: 'POST' });
    expect(network).toHaveBeenCalledTimes(2);
    const early = await window.fetch(`${window.location.origin}/api/v1/products`);
    expect(await early.json()).toEqual({ from: 'early' });
    expect(network).toHaveBeenCalledTimes(2);
  });

  it('reads the covers of the first cards, skipping anything that is not our image', () => {
    const image = (url: unknown) => ({ image: { url } });
    expect(firstCovers({ results: [image('/a'), image('/b'), image('/c')] }, 'image')).toEqual([
      '/a',
      '/b',
    ]);
    expect(firstCovers({ results: [image('https://x.test/a'), image('/b')] }, 'image')).toEqual([
      '/b',
    ]);
    expect(firstCovers({ results: [{ image: null }, image(7)] }, 'image')).toEqual([]);
    expect(firstCovers({ results: [image('/a')] }, 'cover')).toEqual([]);
    expect(firstCovers({ status: 0, message: 'no' }, 'image')).toEqual([]);
    expect(firstCovers(null, 'image')).toEqual([]);
  });

  it('leaves the list to the page when the early call fails', async () => {
    window.history.replaceState(null, '', '/products');
    window.fetch = vi.fn(() => Promise.reject(new TypeError('offline')));
    startFirstScreen(stubbedScreens(() => Promise.resolve()));
    await expect(window.fetch(catalogPaths.products)).rejects.toThrow('offline');
    await flush();
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
  });

  it('does nothing on other pages or in the native shells', () => {
    const load = vi.fn(() => Promise.resolve());
    window.history.replaceState(null, '', '/cart');
    const network = vi.fn(async () => jsonResponse({}));
    window.fetch = network;
    startFirstScreen(stubbedScreens(load));
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();

    window.history.replaceState(null, '', '/home');
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true });
    startFirstScreen(stubbedScreens(load));
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
    expect(load).not.toHaveBeenCalled();
    expect(network).not.toHaveBeenCalled();
  });
});
