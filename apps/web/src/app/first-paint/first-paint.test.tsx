import type { BusinessSummary, ProductSummary } from '@localmart/contract';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ProductCard } from '../../components/catalog/product-card.tsx';
import { StoreCard } from '../../components/catalog/store-card.tsx';
import { offer, product, store } from '../../test/catalog-fixtures.ts';
import { FIRST_PAINT_ID } from './first-paint-id.ts';
import { renderFirstPaint } from './first-paint.tsx';
import { firstPaintCall } from './server-entry.ts';

// As the server's build has them (vite.first-paint.config.ts): no window, no Ionic web components.
vi.mock('@ionic/react', () => import('./ionic-icon.server.tsx'));
vi.mock('../../lib/location/device-preferences.ts', () => import('./device-preferences.server.ts'));
vi.mock('../../lib/platform.ts', () => import('./platform.server.ts'));

const image = (name: string, width = 1200, height = 480) => ({
  url: `/api/v1/catalog-images/${name}`,
  width,
  height,
  alt: name,
});

/** Store n of the shared fixtures, with a name to escape and covers at our image paths. */
function storeCard(n: number): BusinessSummary {
  return store(n, {
    name: `Store ${n} <b>&</b>`,
    kind: n % 2 === 0 ? 'restaurant' : 'retail',
    logo: image(`logo-${n}`, 256, 256),
    cover: image(`cover-${n}`),
    distanceKm: null,
  });
}

function productCard(n: number): ProductSummary {
  const best = offer(5, 100 + n, null, null);
  return product({
    id: `20000000-0000-4000-8000-00000000000${n}`,
    slug: `product-${n}`,
    title: `Product ${n}`,
    image: image(`product-${n}`, 480, 480),
    offerCount: 2,
    lowestPrice: best.currentPrice,
    bestOffer: best,
  });
}

/** The app's own card, as React draws it in the page (links leave the tab order in the first paint). */
const appCard = (card: ReactElement) =>
  renderToStaticMarkup(<MemoryRouter>{card}</MemoryRouter>)
    // React's preload of an eager image, which the first paint moves to the head.
    .replace(/^(?:<link [^>]*>)*/, '')
    .replaceAll('<a ', '<a tabindex="-1" ');

describe('the server-drawn first paint (issue 18)', () => {
  it('draws the first four store cards exactly as the app draws them, the first two covers eager', () => {
    const stores = [1, 2, 3, 4, 5].map(storeCard);
    const drawn = renderFirstPaint('stores', { status: 1, results: stores, nextCursor: null });
    expect(drawn).not.toBeNull();
    const body = drawn?.body ?? '';
    expect(body.startsWith(`<div id="${FIRST_PAINT_ID}"`)).toBe(true);
    stores.slice(0, 4).forEach((business, index) => {
      expect(body).toContain(appCard(<StoreCard business={business} eager={index < 2} />));
    });
    expect(body).not.toContain('Store 5');
    // Text is escaped, never markup.
    expect(body).toContain('Store 1 &lt;b&gt;&amp;&lt;/b&gt;');
    // Card links open the store's page by a plain navigation, before the app has loaded.
    expect(body).toContain(`href="/business-details/${stores[0]?.id}/products"`);
    expect(body).toContain(`href="/business-details/${stores[1]?.id}/menu"`);
    // The eager covers are preloaded from the head, at high priority; the page's stylesheet is there.
    const head = drawn?.head ?? '';
    for (const n of [1, 2]) {
      expect(head).toMatch(
        new RegExp(
          `<link rel="preload" as="image" href="/api/v1/catalog-images/cover-${n}"[^>]*fetchPriority="high"`,
        ),
      );
    }
    expect(head).not.toContain('cover-3');
    expect(head).toContain(`<style id="${FIRST_PAINT_ID}-style">`);
    // The page's controls are there, inert until the app replaces them.
    expect(body).toContain('See the stores closest to you');
    expect(body).toMatch(/<div class="lm-fp-controls" inert="">[^]*Search stores/);
  });

  it('draws the first eight product cards as the app does, with the grid’s search and chips', () => {
    const products = [1, 2, 3, 4, 5, 6, 7, 8, 9].map(productCard);
    const drawn = renderFirstPaint('products', { status: 1, results: products, nextCursor: null });
    const body = drawn?.body ?? '';
    products.slice(0, 8).forEach((item, index) => {
      expect(body).toContain(appCard(<ProductCard product={item} eager={index < 4} />));
    });
    expect(body).not.toContain('Product 9');
    expect(body).toContain('All products');
    expect(body).toContain('Set your location for nearby stock');
    expect(body).toContain('placeholder="Search milk, bread, batteries…"');
    expect(drawn?.head).toContain('/api/v1/catalog-images/product-4');
    expect(drawn?.head).not.toContain('/api/v1/catalog-images/product-5"');
  });

  it('draws nothing for a failed, empty or malformed answer (the app draws those itself)', () => {
    expect(renderFirstPaint('stores', { status: 0, message: 'Database unavailable' })).toBeNull();
    expect(renderFirstPaint('stores', { status: 1, results: [], nextCursor: null })).toBeNull();
    expect(
      renderFirstPaint('products', { status: 1, results: [{ id: 'x' }], nextCursor: null }),
    ).toBeNull();
    expect(renderFirstPaint('products', 'not an answer')).toBeNull();
  });

  it('asks for the landing lists a browser without a location asks for, and nothing else', () => {
    expect(firstPaintCall('/', '')).toEqual({ page: 'stores', api: '/api/v1/businesses' });
    expect(firstPaintCall('/home', '')).toEqual({ page: 'stores', api: '/api/v1/businesses' });
    expect(firstPaintCall('/products', '')).toEqual({ page: 'products', api: '/api/v1/products' });
    expect(firstPaintCall('/products', '?q=milk')).toBeNull();
    expect(firstPaintCall('/cart', '')).toBeNull();
  });
});
