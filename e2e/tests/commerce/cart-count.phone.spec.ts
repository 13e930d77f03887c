import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { commercePaths, formatMoney, labels, type BusinessDetail } from '@localmart/contract';
import type { Page } from '@playwright/test';
import { apiLogin, apiPost } from '../../support/api.ts';
import { offersOf, signedInShopper, storesNear, type StoreOffer } from '../../support/commerce.ts';
import { expect, test } from '../../support/fixtures.ts';

/*
 * Issue 17 at phone size (390x844): a visitor finds Sign in in the header and the menu; a shopper's
 * cart badge counts the same units as "Subtotal (3 items)", and a line of two reads
 * "$8.38 / 2 × $4.19 each" with the regular price struck only on a sale. Screenshots in SHOTS_DIR.
 */
test.use({ server: 'commerce' });

async function screenshot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR ?? path.join(test.info().project.outputDir, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  await page.screenshot({ path: path.join(dir, name) });
}

test('a visitor signs in from the header or the menu', async ({ page }) => {
  await page.goto('/home');
  // The menu is closed (hidden), so the one Sign in button on screen is the header's.
  const headerSignIn = page.getByRole('button', { name: 'Sign in', exact: true });
  await expect(headerSignIn).toBeVisible();
  await screenshot(page, 'home-signed-out.png');
  await expect(page.getByRole('link', { name: /^Cart,/ })).toHaveCount(0);

  await page.getByRole('button', { name: /menu/i }).first().click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Create account', exact: true })).toBeVisible();
  await expect(menu.getByText(labels.menuLogout, { exact: true })).toHaveCount(0);
  await screenshot(page, 'menu-signed-out.png');

  await menu.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(page.getByRole('dialog', { name: labels.createYourAccount })).toBeVisible();

  await page.goto('/products');
  await headerSignIn.click();
  await expect(page.getByRole('dialog', { name: labels.signIn })).toBeVisible();
  // The visitor is still on the page they were on.
  await expect(page).toHaveURL(/\/products$/);
});

test('the cart badge counts units like the cart, and a line of two reads "2 × $x each"', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A store with an offer on sale when the demo city has one, so the struck price shows too.
  let picked: { store: BusinessDetail; offers: StoreOffer[] } | null = null;
  for (const store of await storesNear(request)) {
    const offers = await offersOf(request, store);
    if (offers.length < 2) continue;
    if (!picked) picked = { store, offers };
    if (offers.some((o) => o.offer.onSale)) {
      picked = { store, offers };
      break;
    }
  }
  if (!picked) throw new Error('no store of the demo city has two offers in stock');
  const { store, offers } = picked;
  const two = offers.find((o) => o.offer.onSale) ?? offers[0]!;
  const one = offers.find((o) => o !== two)!;

  const account = await signedInShopper(page, request, store);
  const token = await apiLogin(request, account);
  for (const [line, quantity] of [
    [two, 2],
    [one, 1],
  ] as const) {
    const added = await apiPost(
      request,
      commercePaths.cartItems,
      { kind: 'product', itemId: line.offer.id, quantity },
      token,
    );
    expect(added.httpStatus, JSON.stringify(added.body)).toBe(200);
  }

  await page.goto('/cart');
  const money = (amount: number) => formatMoney(amount, two.offer.currentPrice.currency, 'en-CA');
  // Two lines, three units: the badge and the summary say 3.
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText(
    'Subtotal (3 items)',
  );
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toHaveText('3');

  const line = page.getByRole('listitem', { name: two.title });
  const price = line.locator('.lm-cart-line-price');
  await expect(price.locator('.lm-cart-line-total')).toHaveText(`Total ${money(two.unit * 2)}`);
  await expect(price.locator('.lm-cart-line-unit')).toHaveText(`, 2 × ${money(two.unit)} each`);
  if (two.offer.onSale) {
    await expect(price.locator('s')).toHaveText(money(two.offer.price.amount));
  } else {
    await expect(price.locator('s')).toHaveCount(0);
  }
  await line.scrollIntoViewIfNeeded();
  await screenshot(page, 'cart.png');
});
