import path from 'node:path';
import {
  accountMessages,
  FULFILMENT_LABELS,
  labels,
  ORDER_STATUS_LABELS,
  STORAGE_KEYS,
  toastMessages,
  type BusinessDetail,
} from '@localmart/contract';
import type { Page } from '@playwright/test';
import { dialog, toast } from '../../support/auth-ui.ts';
import {
  addToCart,
  escapeRegExp,
  LOCATION_KEY,
  offersOf,
  payInSimulator,
  storeSection,
  storesNear,
  type StoreOffer,
} from '../../support/commerce.ts';
import { expect, test } from '../../support/fixtures.ts';

async function screenshot(page: Page, name: string) {
  await page.screenshot({
    path: path.join(test.info().project.outputDir, 'screenshots', name),
    fullPage: true,
  });
}

/*
 * Issue 17, "Must show" 5: on a development server without Google configured (the commerce server:
 * GOOGLE_CLIENT_ID '' and a late-morning clock, so stores are open), the demo Google sign-in adds to
 * the cart and checks out to a placed order, paid in the embedded PayU simulator.
 */
test.use({ server: 'commerce' });

test('the demo Google sign-in adds to the cart and checks out to a placed order', async ({
  page,
  request,
}) => {
  // Sign-in, add, checkout, payment and two order pages: minutes on a loaded 2-core runner.
  test.setTimeout(240_000);
  // A store open now that sells online for pickup, and one of its offers in stock.
  let store: BusinessDetail | undefined;
  let item: StoreOffer | undefined;
  for (const candidate of (await storesNear(request)).filter(
    (s) => s.fulfilment.buyOnlinePickup && s.openState.open,
  )) {
    item = (await offersOf(request, candidate))[0];
    store = candidate;
    if (item) break;
  }
  if (!store || !item) throw new Error('no open store selling online for pickup with stock');
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    LOCATION_KEY,
    JSON.stringify({ lat: store.lat, lng: store.lng, label: 'Near the store', source: 'place' }),
  ] as const);

  // Login with Google: no client configured, so the app uses the server's demo sign-in.
  await page.goto('/login');
  await dialog(page, labels.signIn).getByRole('button', { name: labels.loginWithGoogle }).click();
  // The demo session is made by the server, then the app reads the profile: slow on a busy runner.
  await expect(toast(page, toastMessages.demoSignedInWithGoogle)).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/home$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.username)).toBe(
    'Demo User',
  );

  // Add to cart, then the cart and its Checkout.
  await addToCart(page, item.offer);
  await page.goto('/cart');
  await expect(page.getByText(item.title).first()).toBeVisible();
  await expect(page.getByText(accountMessages.signInRequired)).toHaveCount(0);
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/payumoney/);

  // Checkout: buy online, pick up in store; place the order and pay with the simulator's test card.
  await storeSection(page, store.name)
    .getByRole('radio', { name: FULFILMENT_LABELS.buy_online_pickup })
    .check();
  const placeOrder = page.getByRole('button', { name: 'Place order' });
  await expect(placeOrder).toBeEnabled();
  await placeOrder.click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await payInSimulator(page, /^Pay \$/, 'Pay');
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await screenshot(page, 'google-demo-thank-you.png');

  // My Order: the demo shopper's placed order, from that store.
  await page.goto('/my-order');
  const row = page.getByRole('link', {
    name: new RegExp(`^Order LM-.* from ${escapeRegExp(store.name)}$`),
  });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(ORDER_STATUS_LABELS.placed);
  await row.click();
  await expect(page.getByRole('list', { name: 'Order timeline' })).toContainText(
    ORDER_STATUS_LABELS.placed,
  );
  await expect(page.getByText(item.title).first()).toBeVisible();
  await screenshot(page, 'google-demo-order.png');
});
