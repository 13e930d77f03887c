import {
  catalogPaths,
  DEFAULT_PLACE,
  productDetailResponse,
  productListResponse,
  STOCK_LABELS,
  type ProductDetail,
  type ProductSummary,
} from '@localmart/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures.ts';

/*
 * Issue 4, "Must show" 1: search "milk" (and the typo "mlik") finds products with per-store stock
 * wording; a product page lists offers across stores. The e2e server starts on a fresh embedded
 * database holding the demo city (Toronto).
 */

const PRODUCTS_LIST = 'Products';
const SEARCH = 'Search products';
/** Any of the contract's stock wordings; every card and offer shows one. */
const STOCK_WORDING = new RegExp(Object.values(STOCK_LABELS).join('|'));
/** Where the shopper is: Downtown Toronto, stored the way the app remembers a picked place. */
const LOCATION_KEY = 'lm_location';
const near = { lat: DEFAULT_PLACE.lat, lng: DEFAULT_PLACE.lng };

async function shopDowntown(page: Page) {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    LOCATION_KEY,
    JSON.stringify({ ...near, label: DEFAULT_PLACE.name, source: 'place' }),
  ] as const);
}

async function productsFromApi(page: Page, query: Record<string, string>) {
  const search = new URLSearchParams({ ...query, lat: String(near.lat), lng: String(near.lng) });
  const response = await page.request.get(`${catalogPaths.products}?${search.toString()}`);
  expect(response.ok()).toBe(true);
  const body = productListResponse.parse(await response.json());
  if (body.status !== 1) throw new Error(body.message);
  return body.results;
}

async function productFromApi(page: Page, id: string): Promise<ProductDetail> {
  const search = new URLSearchParams({ lat: String(near.lat), lng: String(near.lng) });
  const response = await page.request.get(`${catalogPaths.product(id)}?${search.toString()}`);
  expect(response.ok()).toBe(true);
  const body = productDetailResponse.parse(await response.json());
  if (body.status !== 1) throw new Error(body.message);
  return body.result;
}

function cardsOf(page: Page): Locator {
  return page.getByRole('list', { name: PRODUCTS_LIST }).getByRole('article');
}

/** The first cards are milk products, each with its lead store and that store's stock wording. */
async function expectMilkCards(page: Page, expected: ProductSummary[]) {
  const cards = cardsOf(page);
  await expect(cards.first()).toBeVisible();
  const shown = Math.min(4, expected.length);
  expect(shown).toBeGreaterThan(0);
  for (let index = 0; index < shown; index += 1) {
    const card = cards.nth(index);
    const product = expected[index] as ProductSummary;
    // the screen shows the server's ranking, and what it ranks first is milk
    await expect(card.getByRole('link', { name: product.title, exact: true })).toBeVisible();
    expect(product.title).toMatch(/milk/i);
    if (product.bestOffer) {
      await expect(card.getByText(product.bestOffer.business.name)).toBeVisible();
      await expect(card.getByText(product.bestOffer.stock.label, { exact: true })).toBeVisible();
    }
    await expect(card.getByText(STOCK_WORDING).first()).toBeVisible();
  }
}

test.describe('Products search', () => {
  test.beforeEach(async ({ page }) => {
    await shopDowntown(page);
  });

  test('searching "milk" lists milk products with per-store stock wording', async ({ page }) => {
    await page.goto('/products');
    await expect(cardsOf(page).first()).toBeVisible();
    await page.getByRole('searchbox', { name: SEARCH }).fill('milk');
    // the search is kept in the URL, so the link and Back bring it back
    await expect(page).toHaveURL(/\/products\?q=milk$/);
    await expect(page.getByRole('heading', { name: 'Results for “milk”' })).toBeVisible();
    await expectMilkCards(page, await productsFromApi(page, { q: 'milk' }));
  });

  test('the typo "mlik" still finds milk', async ({ page }) => {
    await page.goto('/products?q=mlik');
    await expect(page.getByRole('searchbox', { name: SEARCH })).toHaveValue('mlik');
    const results = await productsFromApi(page, { q: 'mlik' });
    expect(results.length).toBeGreaterThan(0);
    await expectMilkCards(page, results);
  });

  test('"In stock" keeps only offers labelled in stock', async ({ page }) => {
    await page.goto('/products?q=milk');
    await expect(cardsOf(page).first()).toBeVisible();
    await page.getByRole('button', { name: 'In stock', exact: true }).click();
    await expect(page).toHaveURL(/\/products\?q=milk&inStockOnly=true$/);
    const cards = cardsOf(page);
    await expect(cards.first()).toBeVisible();
    const expected = await productsFromApi(page, { q: 'milk', inStockOnly: 'true' });
    await expect(
      cards.first().getByRole('link', { name: expected[0]?.title ?? '', exact: true }),
    ).toBeVisible();
    for (let index = 0; index < Math.min(6, expected.length); index += 1) {
      const card = cards.nth(index);
      await expect(card.getByText(STOCK_LABELS.out_of_stock, { exact: true })).toHaveCount(0);
      await expect(card.getByText(STOCK_LABELS.limited, { exact: true })).toHaveCount(0);
    }
  });

  test('the category modal drills down and filters the grid', async ({ page }) => {
    await page.goto('/category-modal?kind=retail&returnTo=%2Fproducts%3Fq%3Dorganic');
    await page.getByRole('button', { name: /^Grocery/ }).click();
    await page.getByRole('button', { name: /^Dairy & Eggs/ }).click();
    await page.getByRole('button', { name: 'Milk', exact: true }).click();
    await expect(page).toHaveURL(/\/products\?q=organic&category=milk$/);
    await expect(page.getByRole('button', { name: 'Category: Milk' })).toBeVisible();
    const expected = await productsFromApi(page, { q: 'organic', category: 'milk' });
    if (expected.length > 0) {
      await expect(
        cardsOf(page)
          .first()
          .getByRole('link', { name: expected[0]?.title ?? '', exact: true }),
      ).toBeVisible();
    } else {
      await expect(
        page.getByRole('heading', { name: "No products match 'organic'" }),
      ).toBeVisible();
    }
  });
});

test.describe('Product page', () => {
  test.beforeEach(async ({ page }) => {
    await shopDowntown(page);
  });

  test('a product page lists offers across stores, nearest first, with stock wording', async ({
    page,
  }) => {
    const results = await productsFromApi(page, { q: 'milk' });
    const position = results.findIndex((product) => product.offerCount >= 2);
    const chosen = results[position];
    if (!chosen) throw new Error('the demo city has no milk sold at two stores');
    const detail = await productFromApi(page, chosen.id);

    await page.goto('/products?q=milk');
    // The grid shows the server's order, so the card at that position is this product.
    await cardsOf(page)
      .nth(position)
      .getByRole('link', { name: chosen.title, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/details\\?id=${chosen.id}$`));
    // The list leaves once the details page has entered (Ionic hides it then); until that moment a
    // slow page chunk leaves both pages, and so two headings of this product, on the screen. A click
    // before the details chunk is in shows its skeleton first, which hides the list for a moment;
    // the list is back for the transition once the code arrives (seen in CI under load). So both
    // are checked at once, until they hold together: a list that never leaves still fails.
    await expect(async () => {
      await expect(page.getByRole('list', { name: PRODUCTS_LIST })).toBeHidden({ timeout: 0 });
      await expect(page.getByRole('heading', { name: chosen.title, exact: true })).toBeVisible({
        timeout: 0,
      });
    }).toPass({ timeout: 10_000 });

    const offersRegion = page.getByRole('region', { name: /^Available at \d+ stores?$/ });
    await expect(offersRegion).toBeVisible();
    const offers = offersRegion.getByRole('article');
    await expect(offers).toHaveCount(detail.offers.length);
    expect(detail.offers.length).toBeGreaterThanOrEqual(2);
    expect(new Set(detail.offers.map((offer) => offer.business.id)).size).toBe(
      detail.offers.length,
    );
    for (const [index, offer] of detail.offers.entries()) {
      const row = offers.nth(index);
      const store = row.getByRole('link', { name: offer.business.name, exact: true });
      await expect(store).toHaveAttribute(
        'href',
        `/business-details/${offer.business.id}/products`,
      );
      await expect(row.getByText(offer.stock.label, { exact: true }).first()).toBeVisible();
      await expect(row.getByText(/^Stock updated /)).toBeVisible();
      await expect(row.getByText(offer.business.openState.status, { exact: true })).toBeVisible();
    }
    // nearest first
    const distances = detail.offers.map((offer) => offer.distanceKm ?? 0);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  });

  test('an unknown product shows not found with a way back', async ({ page }) => {
    await page.goto('/details?id=00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to products' }).click();
    await expect(page).toHaveURL(/\/products$/);
  });
});
