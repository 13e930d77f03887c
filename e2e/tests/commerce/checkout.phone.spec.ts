import path from 'node:path';
import { FULFILMENT_LABELS } from '@localmart/contract';
import type { Page } from '@playwright/test';
import {
  addToCart,
  payInSimulator,
  planTwoStoreOrder,
  reserve,
  signedInShopper,
  storeSection,
} from '../../support/commerce.ts';
import { expect, test } from '../../support/fixtures.ts';

/*
 * Cart, checkout and order pages at phone size (390x844), screenshotted for review next to the
 * catalogue's: test-results/screenshots/cart.png, checkout.png, payment.png, order-details.png.
 */
test.use({ server: 'commerce' });

function screenshotPath(name: string): string {
  return path.join(test.info().project.outputDir, 'screenshots', name);
}

/** After Ionic's page transition, so the shot does not show the previous page fading out. */
async function screenshot(page: Page, name: string, fullPage = false) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  await page.screenshot({ path: screenshotPath(name), fullPage });
}

test('cart, checkout, payment and order details read well on a phone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const plan = await planTwoStoreOrder(request);
  await signedInShopper(page, request, {
    lat: plan.delivery.store.lat,
    lng: plan.delivery.store.lng,
  });
  await reserve(page, plan.reserve.item.offer);
  await addToCart(page, plan.delivery.item.offer);

  await page.goto('/cart');
  await expect(storeSection(page, plan.delivery.store.name)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Checkout' })).toBeVisible();
  await screenshot(page, 'cart.png');

  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/payumoney/);
  const reserveRadio = storeSection(page, plan.reserve.store.name).getByRole('radio', {
    name: FULFILMENT_LABELS.reserve_pickup,
  });
  await expect(reserveRadio).toBeChecked();
  const placeOrder = page.getByRole('button', { name: 'Place order' });
  await expect(placeOrder).toBeEnabled();
  await screenshot(page, 'checkout.png');

  await placeOrder.click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  const payButton = /^Pay \$/;
  await expect(page.getByRole('button', { name: payButton })).toBeVisible();
  await screenshot(page, 'payment.png');

  // One card entry for every store of the checkout.
  await payInSimulator(page, payButton, 'Pay');
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();

  await page.goto('/my-order');
  await page
    .getByRole('link', { name: /^Order LM-/ })
    .first()
    .click();
  await expect(page.getByRole('list', { name: 'Order timeline' })).toBeVisible();
  await screenshot(page, 'order-details.png', true);
});
