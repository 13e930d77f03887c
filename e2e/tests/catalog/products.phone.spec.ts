import path from 'node:path';
import { DEFAULT_PLACE, STOCK_LABELS } from '@localmart/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures.ts';

/*
 * Issue 4, "Must show" 1: screenshots of products and product details at phone size (390x844) that
 * look like a real shop: two columns of cards with packshots, prices and stock wording.
 */

const STOCK_WORDING = new RegExp(Object.values(STOCK_LABELS).join('|'));

test.beforeEach(async ({ page }) => {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    'lm_location',
    JSON.stringify({
      lat: DEFAULT_PLACE.lat,
      lng: DEFAULT_PLACE.lng,
      label: DEFAULT_PLACE.name,
      source: 'place',
    }),
  ] as const);
});

/** The image has arrived, so the screenshot shows it rather than the reserved grey box. */
async function expectImageLoaded(image: Locator) {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

function screenshotPath(name: string): string {
  // test-results/ at the repository root (the config's outputDir), wherever Playwright runs from.
  return path.join(test.info().project.outputDir, 'screenshots', name);
}

test('products at phone size: search, filter chips and a two-column grid', async ({ page }) => {
  await page.goto('/products?q=milk');
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('article');
  await expect(cards.nth(1)).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'Filters and sort' })).toBeVisible();
  await expect(cards.first().getByText(STOCK_WORDING).first()).toBeVisible();

  // two columns: the first two cards sit side by side
  const first = await cards.nth(0).boundingBox();
  const second = await cards.nth(1).boundingBox();
  expect(first && second).toBeTruthy();
  if (first && second) {
    expect(Math.abs(first.y - second.y)).toBeLessThan(2);
    expect(second.x).toBeGreaterThan(first.x + first.width - 1);
  }
  await expectImageLoaded(cards.nth(0).getByRole('img').first());
  await expectImageLoaded(cards.nth(1).getByRole('img').first());
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: screenshotPath('products.png') });
});

test('product details at phone size: photos, price and store offers', async ({ page }) => {
  await page.goto('/products?q=milk');
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('article');
  await cards.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/details\?id=[0-9a-f-]{36}$/);

  const photos = page.getByRole('region', { name: /^Photos of / });
  await expect(photos).toBeVisible();
  await expectImageLoaded(photos.getByRole('img').first());
  const offers = page
    .getByRole('region', { name: /^Available at \d+ stores?$/ })
    .getByRole('article');
  await expect(offers.first()).toBeVisible();
  await expect(offers.first().getByText(STOCK_WORDING).first()).toBeVisible();
  await expect(offers.first().getByText(/^Stock updated /)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: screenshotPath('product-details.png') });
  // Ionic scrolls inside ion-content, so a full-page shot would not reach the offers: scroll to them.
  await offers.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('product-details-offers.png') });
});
