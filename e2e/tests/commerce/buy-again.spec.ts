import path from 'node:path';
import {
  buyAgainMessages,
  businessDetailResponse,
  catalogPaths,
  cartResponse,
  commercePaths,
  DEMO_ACCOUNT_PASSWORD,
  DEMO_ACCOUNTS,
  formatMoney,
  FULFILMENT_LABELS,
  manageMeResponse,
  managePaths,
} from '@localmart/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiLogin,
  newAccount,
  registerVerifiedAccount,
  type TestAccount,
} from '../../support/api.ts';
import {
  getJson,
  LOCATION_KEY,
  offersOf,
  payInSimulator,
  storeSection,
  storesNear,
  type StoreOffer,
} from '../../support/commerce.ts';
import { expect, rememberSignedInUser, test } from '../../support/fixtures.ts';

/*
 * Issue 17, "Must show" 4: Buy again. A shopper orders three items from the demo owner's grocery and
 * pays; the store then raises one price, has fewer of another and runs out of the third; the shopper
 * also has another store's item in the cart. Buy again on My Order puts what can be bought in the
 * cart and says what changed; a second tap (on the order page) adds nothing more.
 * Runs on the commerce server (late-morning clock, so the store is open).
 */
test.use({ server: 'commerce' });

const DEMO_OWNER: TestAccount = { ...DEMO_ACCOUNTS.owner, password: DEMO_ACCOUNT_PASSWORD };

async function screenshot(page: Page, name: string) {
  await page.screenshot({
    path: path.join(test.info().project.outputDir, 'screenshots', name),
    fullPage: true,
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function addByApi(request: APIRequestContext, token: string, offerId: string, quantity = 1) {
  const response = await request.post(commercePaths.cartItems, {
    headers: bearer(token),
    data: { kind: 'product', itemId: offerId, quantity },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function patchOffer(
  request: APIRequestContext,
  token: string,
  storeId: string,
  offerId: string,
  patch: { price?: number; quantity?: number },
) {
  const response = await request.patch(managePaths.offer(storeId, offerId), {
    headers: bearer(token),
    data: patch,
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function cartUnits(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get(commercePaths.cart, { headers: bearer(token) });
  const cart = cartResponse.parse(await response.json());
  if (cart.status !== 1) throw new Error(cart.message);
  return cart.result.itemCount;
}

test('Buy again puts the order back in the cart, says what changed, and a second tap adds nothing', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const ownerToken = await apiLogin(request, DEMO_OWNER);
  const me = manageMeResponse.parse(
    await (await request.get(managePaths.me, { headers: bearer(ownerToken) })).json(),
  );
  const owned = me.result.stores.find((s) => s.role === 'owner');
  if (!owned) throw new Error('the demo owner owns no store');
  const detail = await getJson(request, catalogPaths.business(owned.id), businessDetailResponse);
  if (detail.status !== 1) throw new Error(detail.message);
  const store = detail.result;
  // The cheapest regular-priced offers (other specs take the dearest ones of this store).
  const regular = (await offersOf(request, store)).filter(({ offer }) => offer.sale === null);
  if (regular.length < 3) throw new Error(`${store.name} has too few offers in stock`);
  const [dearer, fewer, soldOut] = regular.slice(-3) as [StoreOffer, StoreOffer, StoreOffer];
  const elsewhere = await anotherStoresOffer(request, store.id);

  // A new shopper near the store, signed in.
  const account = await registerVerifiedAccount(request, newAccount('buyagain'));
  const token = await apiLogin(request, account);
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    LOCATION_KEY,
    JSON.stringify({ lat: store.lat, lng: store.lng, label: 'Near the store', source: 'place' }),
  ] as const);
  await rememberSignedInUser(page, '/home', {
    token,
    name: `${account.firstName} ${account.lastName}`,
  });

  // The first order: 1 + 2 + 1, paid with the simulator's test card.
  await addByApi(request, token, dearer.offer.id, 1);
  await addByApi(request, token, fewer.offer.id, 2);
  await addByApi(request, token, soldOut.offer.id, 1);
  await page.goto('/payumoney');
  const method = store.fulfilment.buyOnlinePickup ? 'buy_online_pickup' : 'reserve_pickup';
  await storeSection(page, store.name)
    .getByRole('radio', { name: FULFILMENT_LABELS[method] })
    .check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await payInSimulator(page, /^Pay \$/, 'Pay');
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  expect(await cartUnits(request, token)).toBe(0);

  const raised = dearer.unit + 50;
  try {
    // Since then: one price went up, one has a single unit left, one sold out.
    await patchOffer(request, ownerToken, store.id, dearer.offer.id, { price: raised });
    await patchOffer(request, ownerToken, store.id, fewer.offer.id, { quantity: 1 });
    await patchOffer(request, ownerToken, store.id, soldOut.offer.id, { quantity: 0 });
    // ...and the shopper has put another store's item in the cart meanwhile.
    await addByApi(request, token, elsewhere.offer.id, 1);

    // My Order: one tap on the order's Buy again.
    await page.goto('/my-order');
    const buyAgain = page.getByRole('button', { name: /^Buy again: order LM-/ });
    await expect(buyAgain).toHaveCount(1);
    const orderNumber = (await buyAgain.getAttribute('aria-label'))!.replace(
      'Buy again: order ',
      '',
    );
    await buyAgain.click();
    const report = page.getByRole('dialog', { name: buyAgainMessages.dialogTitle });
    await expect(report.getByRole('status')).toHaveText(
      buyAgainMessages.summary(2, 3, orderNumber),
    );
    const line = (item: StoreOffer) => report.getByRole('listitem').filter({ hasText: item.title });
    await expect(line(dearer)).toContainText(buyAgainMessages.outcome.added);
    await expect(line(dearer)).toContainText(
      `Price now higher: ${formatMoney(dearer.unit, 'CAD')} → ${formatMoney(raised, 'CAD')} each.`,
    );
    await expect(line(fewer)).toContainText(buyAgainMessages.fewerAvailable(1, 2));
    await expect(line(soldOut)).toContainText(buyAgainMessages.outcome.skipped);
    await expect(line(soldOut)).toContainText(buyAgainMessages.outOfStock);
    await expect(report).toContainText(
      buyAgainMessages.otherStores([elsewhere.offer.business.name]),
    );
    await screenshot(page, 'buy-again-report.png');

    // The cart: both stores, the order's lines at what could be had (1 + 1), the other store's 1.
    await report.getByRole('button', { name: buyAgainMessages.goToCart }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(storeSection(page, store.name)).toContainText(dearer.title);
    await expect(storeSection(page, store.name)).toContainText(fewer.title);
    await expect(storeSection(page, store.name)).not.toContainText(soldOut.title);
    await expect(storeSection(page, elsewhere.offer.business.name)).toBeVisible();
    await expect(page.getByRole('link', { name: /Cart, 3 items/ }).first()).toBeVisible();
    expect(await cartUnits(request, token)).toBe(3);
    await screenshot(page, 'buy-again-cart.png');

    // A second tap, from the order page: everything is already there, nothing is doubled.
    await page.goto('/my-order');
    await page.getByRole('link', { name: new RegExp(`^Order ${orderNumber} from `) }).click();
    // Ionic keeps My Order in the DOM (hidden) under the order page: take the order page's button.
    await page
      .getByRole('region', { name: 'Items' })
      .getByRole('button', { name: buyAgainMessages.buttonName(orderNumber) })
      .click();
    const again = page.getByRole('dialog', { name: buyAgainMessages.dialogTitle });
    for (const item of [dearer, fewer]) {
      await expect(again.getByRole('listitem').filter({ hasText: item.title })).toContainText(
        buyAgainMessages.outcome.already_in_cart,
      );
    }
    await expect(again.getByRole('status')).toHaveText(buyAgainMessages.summary(2, 3, orderNumber));
    expect(await cartUnits(request, token)).toBe(3);
  } finally {
    // Leave the shared demo store as other specs expect it.
    await patchOffer(request, ownerToken, store.id, dearer.offer.id, {
      price: dearer.offer.price.amount,
    });
    await patchOffer(request, ownerToken, store.id, fewer.offer.id, {
      quantity: fewer.offer.quantity,
    });
    await patchOffer(request, ownerToken, store.id, soldOut.offer.id, {
      quantity: soldOut.offer.quantity,
    });
  }
});

/** An in-stock offer of another store that sells online. */
async function anotherStoresOffer(
  request: APIRequestContext,
  storeId: string,
): Promise<StoreOffer> {
  for (const other of await storesNear(request)) {
    if (other.id === storeId || !other.openState.open) continue;
    if (!other.fulfilment.buyOnlinePickup && !other.fulfilment.reservePickup) continue;
    const offers = await offersOf(request, other);
    const found = offers[offers.length - 1];
    if (found) return found;
  }
  throw new Error('no other store with stock');
}
