import {
  OPEN_STATE_WORDS,
  stockStatus,
  type BusinessSummary,
  type Offer,
  type ProductSummary,
} from '@localmart/contract';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ProductCard } from '../../components/catalog/product-card.tsx';
import { StoreCard } from '../../components/catalog/store-card.tsx';
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

function store(n: number): BusinessSummary {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    slug: `store-${n}`,
    name: `Store ${n} <b>&</b>`,
    kind: n % 2 === 0 ? 'restaurant' : 'retail',
    logo: image(`logo-${n}`, 256, 256),
    addressLine: `${n} Queen St E`,
    lat: 43.66,
    lng: -79.33,
    openState: {
      open: true,
      status: 'Open now',
      detail: 'closes 21:00',
      text: 'Open now · closes 21:00',
      changesAt: '2026-11-21T02:00:00.000Z',
    },
    cover: image(`cover-${n}`),
    distanceKm: null,
    categories: [
      { id: `10000000-0000-4000-8000-00000000000${n}`, slug: 'grocery', name: 'Grocery' },
    ],
    pickupPromise: 'Usually ready in 2 h',
    fulfilment: { reservePickup: true, buyOnlinePickup: true, sameDayDelivery: false },
  };
}

const productId = '11111111-1111-4111-8111-111111111111';

function offer(quantity: number, price: number, sale: number | null, distanceKm: number | null) {
  const regular = { amount: price, currency: 'CAD' };
  const salePrice = sale === null ? null : { amount: sale, currency: 'CAD' };
  return {
    id: '22222222-2222-4222-8222-222222222222',
    productId,
    business: {
      id: '33333333-3333-4333-8333-333333333333',
      slug: 'queen-st-market',
      name: 'Queen St Market',
      kind: 'retail',
      logo: { url: '/logo.svg', width: 256, height: 256, alt: 'logo' },
      addressLine: '1 Queen St',
      lat: 43.65,
      lng: -79.38,
      openState: {
        open: true,
        status: OPEN_STATE_WORDS.open,
        detail: null,
        text: OPEN_STATE_WORDS.open,
        changesAt: null,
      },
    },
    price: regular,
    sale: salePrice && {
      price: salePrice,
      startsAt: '2020-01-01T00:00:00.000Z',
      endsAt: '2099-01-01T00:00:00.000Z',
    },
    currentPrice: salePrice ?? regular,
    onSale: salePrice !== null,
    quantity,
    stock: stockStatus(quantity),
    updatedAt: '2026-11-21T10:00:00.000Z',
    distanceKm,
    pickupPromise: null,
    fulfilment: { reservePickup: true, buyOnlinePickup: false, sameDayDelivery: false },
  } satisfies Offer;
}

function product(n: number): ProductSummary {
  const best = offer(5, 100 + n, null, null);
  return {
    id: `20000000-0000-4000-8000-00000000000${n}`,
    slug: `product-${n}`,
    title: `Product ${n}`,
    brand: 'Maple Farms',
    gtin: '0000000000000',
    image: image(`product-${n}`, 480, 480),
    category: { id: '44444444-4444-4444-8444-444444444444', slug: 'milk', name: 'Milk' },
    offerCount: 2,
    lowestPrice: best.currentPrice,
    bestOffer: best,
  };
}

/** The app's own card, as React draws it in the page (links leave the tab order in the first paint). */
const appCard = (card: ReactElement) =>
  renderToStaticMarkup(<MemoryRouter>{card}</MemoryRouter>)
    // React's preload of an eager image, which the first paint moves to the head.
    .replace(/^(?:<link [^>]*>)*/, '')
    .replaceAll('<a ', '<a tabindex="-1" ');

describe('the server-drawn first paint (issue 18)', () => {
  it('draws the first four store cards exactly as the app draws them, the first two covers eager', () => {
    const stores = [1, 2, 3, 4, 5].map(store);
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
    const products = [1, 2, 3, 4, 5, 6, 7, 8, 9].map(product);
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
