import {
  catalogPaths,
  DEMO_ACCOUNT_PASSWORD,
  DEMO_ACCOUNTS,
  gtinCheckDigit,
  productListResponse,
  type ProductSummary,
} from '@localmart/contract';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { TestAccount } from './api.ts';
import { signInThroughModal } from './auth-ui.ts';
import { COMMERCE_LOCAL_TIME, DEMO_TIME_ZONE, minutesUntilLocalTime } from './clock.ts';
import { getJson } from './commerce.ts';
import { expect } from './fixtures.ts';

/**
 * Manage Your Store specs' shared steps: a second person's browser, signing in to the manage site
 * through its own gate, the commerce server's clock, and the catalogue products a feed names.
 */

/** The demo city's platform admin (seeded with the demo city). */
export const DEMO_ADMIN: TestAccount = { ...DEMO_ACCOUNTS.admin, password: DEMO_ACCOUNT_PASSWORD };

/**
 * What the commerce server's clock reads now: global setup moved it to late morning in the demo city
 * with the same computation. Pages that compare the server's instants with their own clock (the
 * response countdown, "ready in 1 h") get this time through Playwright's clock.
 */
export function commerceServerNow(): Date {
  return new Date(Date.now() + minutesUntilLocalTime(COMMERCE_LOCAL_TIME) * 60_000);
}

/**
 * Another person at another browser (the admin, the shopper), in the demo city's time zone: a
 * context of its own on the same server, whose console errors are collected as the `page`
 * fixture's are.
 */
export async function anotherPersonsPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, timezoneId: DEMO_TIME_ZONE });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      consoleErrors.push(message.text());
    }
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { page, context, consoleErrors };
}

/**
 * Open a manage page signed out: its gate sends the visitor to the shopper app's sign-in, which
 * brings them back to the page they asked for.
 */
export async function signInToManage(page: Page, account: TestAccount, path: string) {
  await page.goto(path);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?return_url=manage/);
  await signInThroughModal(page, account.email, account.password);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** A catalogue product with a barcode. */
export type BarcodedProduct = ProductSummary & { gtin: string };

/** The first `count` products of the public catalogue with a barcode (each card carries it). */
export async function catalogueProducts(
  request: APIRequestContext,
  count: number,
): Promise<BarcodedProduct[]> {
  const products: BarcodedProduct[] = [];
  let cursor: string | null = null;
  do {
    const search = new URLSearchParams({ limit: '50' });
    if (cursor) search.set('cursor', cursor);
    const page = await getJson(request, `${catalogPaths.products}?${search}`, productListResponse);
    if (page.status !== 1) throw new Error(page.message);
    // A store's own products have no barcode, and a feed names products by it.
    products.push(...page.results.filter((p): p is BarcodedProduct => p.gtin !== null));
    cursor = page.nextCursor;
  } while (cursor && products.length < count);
  if (products.length < count) {
    throw new Error(`the catalogue has ${products.length} products, the feed needs ${count}`);
  }
  return products.slice(0, count);
}

/** A GTIN-13 with a correct check digit in the in-store range (20…), which no catalogue product has. */
export function unknownGtin(): string {
  const body = `20${String(Date.now() % 1e10).padStart(10, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
}

/** A CSV feed in Google's local inventory columns: the header is line 1, `rows` follow from line 2. */
export function feedCsv(
  rows: readonly { store_code: string; gtin: string; quantity: string; price: string }[],
): string {
  const columns = ['store_code', 'gtin', 'quantity', 'price'] as const;
  const lines = [columns.join(','), ...rows.map((row) => columns.map((c) => row[c]).join(','))];
  return `${lines.join('\n')}\n`;
}
