import {
  businessListResponse,
  catalogPaths,
  productListResponse,
  type BusinessSummary,
  type ProductSummary,
} from '@localmart/contract';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../../support/fixtures.ts';

/*
 * Issue 18: the landing pages come with their first screen drawn by the server (ADR 0017), so a phone
 * paints the cards before the app's JavaScript has run, and the app takes over without a second copy.
 */

const FIRST_PAINT = '#lm-first-paint';
const LOCATION = { lat: 43.6532, lng: -79.3832, label: 'Downtown Toronto', source: 'place' };

async function firstStores(request: APIRequestContext): Promise<BusinessSummary[]> {
  const list = businessListResponse.parse(await (await request.get(catalogPaths.businesses)).json());
  if (list.status !== 1) throw new Error(list.message);
  return list.results;
}

async function firstProducts(request: APIRequestContext): Promise<ProductSummary[]> {
  const list = productListResponse.parse(await (await request.get(catalogPaths.products)).json());
  if (list.status !== 1) throw new Error(list.message);
  return list.results;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the Stores page shows its first store cards, and a card opens its store', async ({
    page,
  }) => {
    const stores = await firstStores(page.request);
    await page.goto('/home');
    const firstPaint = page.locator(FIRST_PAINT);
    await expect(firstPaint).toBeVisible();
    await expect(firstPaint.getByText('See the stores closest to you')).toBeVisible();
    const cards = firstPaint.locator('.lm-store-card');
    await expect(cards).toHaveCount(4);
    const first = stores[0];
    if (!first) throw new Error('the demo city has no stores');
    const link = cards.first().locator('a', { hasText: first.name });
    await expect(link).toBeVisible();
    // The cover, the page's LCP element, is drawn and loaded.
    const cover = cards.first().locator('img.lm-store-card-cover');
    await expect(cover).toHaveAttribute('fetchpriority', 'high');
    await expect
      .poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    // A plain link: the store's page is asked for by a normal navigation.
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/business-details/${first.id}/`));
  });

  test('the Products page shows its first product cards with their prices', async ({ page }) => {
    const products = await firstProducts(page.request);
    await page.goto('/products');
    const cards = page.locator(`${FIRST_PAINT} .lm-product-card`);
    await expect(cards).toHaveCount(Math.min(8, products.length));
    const first = products[0];
    if (!first) throw new Error('the demo city has no products');
    await expect(cards.first()).toContainText(first.title);
    await expect(cards.first().locator('.lm-product-card-price')).toContainText('$');
    await expect(page.locator(FIRST_PAINT).getByText('All products')).toBeVisible();
  });
});

test('the app takes over from the first paint: one copy of the page, its controls work', async ({
  page,
}) => {
  const stores = await firstStores(page.request);
  const first = stores[0];
  if (!first) throw new Error('the demo city has no stores');
  const response = await page.goto('/home');
  expect(await response?.text()).toContain('id="lm-first-paint"');
  // Gone once the app's own page is drawn beneath it; the cards are then the app's, once each.
  await expect(page.locator(FIRST_PAINT)).toHaveCount(0);
  await expect(page.locator('#lm-first-paint-style')).toHaveCount(0);
  await expect(page.getByRole('link', { name: first.name, exact: true })).toBeVisible();
  await expect(page.getByText(first.name, { exact: true })).toHaveCount(1);
  // The app's search works (the first paint's box was inert, never the one typed into).
  await page.getByRole('searchbox').fill(first.name);
  await expect(page.getByRole('link', { name: first.name, exact: true })).toBeVisible();
  // Signed-out shoppers see Sign in, which the first paint leaves to the app (it cannot know).
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('the app takes over on Products and its grid answers a search', async ({ page }) => {
  const products = await firstProducts(page.request);
  const first = products[0];
  if (!first) throw new Error('the demo city has no products');
  await page.goto('/products');
  await expect(page.locator(FIRST_PAINT)).toHaveCount(0);
  await expect(page.getByRole('link', { name: first.title, exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search products' }).fill('milk');
  await expect(page.getByRole('heading', { name: 'Results for “milk”' })).toBeVisible();
});

test('a shopper with a stored location never sees the list drawn without it', async ({ page }) => {
  await page.addInitScript((location) => {
    window.localStorage.setItem('lm_location', JSON.stringify(location));
  }, LOCATION);
  // The server cannot know yet (no cookie): the first-screen script drops its first paint before
  // the page has finished loading, and remembers the preference in the cookie.
  await page.goto('/home', { waitUntil: 'domcontentloaded' });
  await expect(page.locator(FIRST_PAINT)).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Near Downtown Toronto/ })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'lm_prefs')?.value).toBe('1');
  // From then on the server sends the page without one.
  const again = await page.goto('/home');
  expect(await again?.text()).not.toContain('id="lm-first-paint"');
  await expect(page.getByRole('link', { name: /Near Downtown Toronto/ })).toBeVisible();
});
