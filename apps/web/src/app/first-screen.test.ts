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
  firstScreenFor,
  LOCATION_STORAGE_KEY,
  listUrl,
  startFirstScreen,
  storedNear,
} from './first-screen.ts';

const TORONTO = { lat: 43.6532, lng: -79.3832 };

describe('first screen (early list call and page code)', () => {
  afterEach(() => {
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

  it('preloads the landing list with a link the page fetch can use, and loads its code', () => {
    window.localStorage.setItem(LOCATION_STORAGE_KEY, JSON.stringify(TORONTO));
    window.history.replaceState(null, '', '/home');
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    startFirstScreen(stubbedScreens(load));
    expect(load).toHaveBeenCalledTimes(1);
    const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]');
    expect(links).toHaveLength(1);
    const link = links[0];
    expect(link?.getAttribute('as')).toBe('fetch');
    expect(link?.getAttribute('crossorigin')).toBe('anonymous');
    expect(link?.getAttribute('href')).toBe(
      `${catalogPaths.businesses}?lat=43.6532&lng=-79.3832&sort=distance`,
    );
  });

  it('does nothing on other pages or in the native shells', () => {
    const load = vi.fn(() => Promise.resolve());
    window.history.replaceState(null, '', '/cart');
    startFirstScreen(stubbedScreens(load));
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();

    window.history.replaceState(null, '', '/home');
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true });
    startFirstScreen(stubbedScreens(load));
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });
});
