import path from 'node:path';
import {
  businessDetailResponse,
  catalogPaths,
  commercePaths,
  DEMO_ACCOUNT_PASSWORD,
  DEMO_ACCOUNTS,
  FULFILMENT_LABELS,
  manageMeResponse,
  managePaths,
  orderDetailResponse,
  orderListResponse,
  reviewMessages,
} from '@localmart/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiLogin,
  apiPost,
  newAccount,
  registerVerifiedAccount,
  type TestAccount,
} from '../../support/api.ts';
import {
  escapeRegExp,
  getJson,
  LOCATION_KEY,
  offersOf,
  payInSimulator,
  storeSection,
} from '../../support/commerce.ts';
import { expect, rememberSignedInUser, test } from '../../support/fixtures.ts';
import { signInToManage } from '../../support/manage.ts';

/*
 * Issue 17, "Must show" 3: verified reviews. A new shopper buys from the demo owner's store and pays;
 * the owner accepts, readies and completes the order; the shopper opens the completed order, taps
 * "Rate your order", rates the store (with a photo from our media store) and the product; the owner
 * replies on the manage site's Reviews page; the store page shows the review and the reply, and the
 * rating shows on the store's card and the product's card. Screenshots at phone and desktop sizes.
 * Runs on the commerce server (late-morning clock, so the store is open).
 */
test.use({ server: 'commerce' });

const DEMO_OWNER: TestAccount = { ...DEMO_ACCOUNTS.owner, password: DEMO_ACCOUNT_PASSWORD };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
// The smallest PNG there is (1 x 1): the server decides the type from these bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function screenshots(page: Page, name: string) {
  const dir = path.join(test.info().project.outputDir, 'screenshots');
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(dir, `${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function latestOrderId(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.get(commercePaths.orders, { headers: bearer(token) });
  const list = orderListResponse.parse(await response.json());
  if (list.status !== 1 || !list.results[0]) throw new Error('the shopper has no order');
  return list.results[0].id;
}

test('a completed order is rated, the store replies once, and the rating shows on the cards', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const ownerToken = await apiLogin(request, DEMO_OWNER);
  const me = manageMeResponse.parse(
    await (await request.get(managePaths.me, { headers: bearer(ownerToken) })).json(),
  );
  const owned = me.result.stores.find((s) => s.role === 'owner');
  if (!owned) throw new Error('the demo owner owns no store');
  const detail = await getJson(request, catalogPaths.business(owned.id), businessDetailResponse);
  if (detail.status !== 1) throw new Error(detail.message);
  const store = detail.result;
  // A regular-priced offer from the cheap end (buy-again takes the dearest ones of this store).
  const regular = (await offersOf(request, store)).filter(({ offer }) => offer.sale === null);
  const bought = regular[0];
  if (!bought) throw new Error(`${store.name} has no regular offer in stock`);

  // A new shopper near the store, signed in, buys it and pays with the simulator's test card.
  const account = await registerVerifiedAccount(request, newAccount('reviewer'));
  const token = await apiLogin(request, account);
  await page.setViewportSize(DESKTOP);
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    LOCATION_KEY,
    JSON.stringify({ lat: store.lat, lng: store.lng, label: 'Near the store', source: 'place' }),
  ] as const);
  await rememberSignedInUser(page, '/home', {
    token,
    name: `${account.firstName} ${account.lastName}`,
  });
  const added = await request.post(commercePaths.cartItems, {
    headers: bearer(token),
    data: { kind: 'product', itemId: bought.offer.id, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await page.goto('/payumoney');
  const method = store.fulfilment.buyOnlinePickup ? 'buy_online_pickup' : 'reserve_pickup';
  await storeSection(page, store.name)
    .getByRole('radio', { name: FULFILMENT_LABELS[method] })
    .check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await payInSimulator(page, /^Pay \$/, 'Pay');
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  const orderId = await latestOrderId(request, token);
  // Every test shopper is "Ada Lovelace": the words name this order, so a second run on the same
  // server (a retry, --repeat-each) finds its own review and not the last run's.
  const storeWords = `Friendly staff and a quick pickup (order ${orderId.slice(0, 8)}).`;

  // Before the store completes it, the order cannot be rated: the server says why.
  const early = await request.get(`/api/v1/orders/${orderId}/reviews`, { headers: bearer(token) });
  expect(early.status()).toBe(409);
  expect((await early.json()).message).toBe(reviewMessages.orderNotCompleted);

  // The store accepts, readies and hands it over (pickup code from the shopper's order).
  const order = orderDetailResponse.parse(
    await (await request.get(commercePaths.order(orderId), { headers: bearer(token) })).json(),
  );
  if (order.status !== 1) throw new Error(order.message);
  for (const [url, body] of [
    [managePaths.orderAccept(owned.id, orderId), {}],
    [managePaths.orderReady(owned.id, orderId), {}],
    [managePaths.orderComplete(owned.id, orderId), { pickupCode: order.result.pickupCode }],
  ] as const) {
    const answer = await apiPost(request, url, body, ownerToken);
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
  }

  // The completed order's page offers "Rate your order".
  await page.goto(`/order-details/${orderId}`);
  await page.getByRole('link', { name: 'Rate your order' }).click();
  await expect(page).toHaveURL(new RegExp(`/rate-order/${orderId}$`));
  // The order page's own store card is also a region named after the store, and it stays on screen
  // while the rating page slides in: the cards meant are the ones with stars.
  const stars = page.getByRole('radio', { name: '5 stars' });
  const storeCard = page
    .getByRole('region', { name: store.name, exact: true })
    .filter({ has: stars });
  const productCard = page
    .getByRole('region', { name: bought.title, exact: true })
    .filter({ has: stars });
  await expect(storeCard).toBeVisible();
  await expect(productCard).toBeVisible();

  // The store: five stars, words and a photo uploaded to our media store.
  await storeCard.getByRole('radio', { name: '5 stars' }).check();
  await storeCard.getByLabel('Your review (optional)').fill(storeWords);
  await storeCard.getByLabel('Add a photo').setInputFiles({
    name: 'shelf.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(storeCard.getByRole('img', { name: 'Attached to your review' })).toBeVisible();
  await screenshots(page, 'review-form');
  await storeCard.getByRole('button', { name: 'Publish review' }).click();
  await expect(page.getByText(reviewMessages.reviewSaved).first()).toBeVisible();
  await expect(storeCard.getByRole('button', { name: 'Update review' })).toBeVisible();

  // The product: four stars.
  await productCard.getByRole('radio', { name: '4 stars' }).check();
  await productCard.getByLabel('Your review (optional)').fill('Fresh, as on the shelf.');
  await productCard.getByRole('button', { name: 'Publish review' }).click();
  await expect(productCard.getByRole('button', { name: 'Update review' })).toBeVisible();

  // The owner replies once on the manage site's Reviews page.
  const ownerContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  const ownerPage = await ownerContext.newPage();
  try {
    await signInToManage(ownerPage, DEMO_OWNER, `/manage/stores/${owned.id}/reviews`);
    const review = ownerPage
      .getByRole('article', {
        name: new RegExp(
          `^Review by ${escapeRegExp(account.firstName)}.* of ${escapeRegExp(store.name)} \\(the store\\)$`,
        ),
      })
      .filter({ hasText: storeWords });
    await expect(review).toContainText(storeWords);
    await review.getByRole('textbox', { name: /^Reply to / }).fill('Thank you! See you next week.');
    await review.getByRole('button', { name: 'Publish reply' }).click();
    await expect(review).toContainText(`Reply from ${store.name}: Thank you! See you next week.`);
    // Replied once: no second reply box.
    await expect(review.getByRole('button', { name: 'Publish reply' })).toHaveCount(0);
    await ownerPage.screenshot({
      path: path.join(test.info().project.outputDir, 'screenshots', 'manage-reviews.png'),
      fullPage: true,
    });
  } finally {
    await ownerContext.close();
  }

  // The store page's Reviews tab: the review, its photo and the store's reply.
  await page.goto(`/business-details/${store.id}/reviews`);
  const listed = page
    .getByRole('article', { name: new RegExp(`^Review by ${escapeRegExp(account.firstName)}`) })
    .filter({ hasText: storeWords });
  await expect(listed).toContainText(storeWords);
  await expect(listed).toContainText('Thank you! See you next week.');
  // A lazy photo below the fold has no size until it loads: bring it on screen first.
  const photo = listed.getByRole('img', { name: /^From .*'s review$/ });
  await photo.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await expect(photo).toBeVisible();
  await expect(
    page.getByRole('img', { name: /^Rated \d\.\d out of 5, \d+ reviews?$/ }).first(),
  ).toBeVisible();
  await screenshots(page, 'store-page-reviews');

  // The rating on the store's card (the nearest store to where the shopper stands)...
  await page.goto('/home');
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: store.name, exact: true }) });
  await expect(
    card.getByRole('img', { name: /^Rated \d\.\d out of 5, \d+ reviews?$/ }),
  ).toBeVisible();
  await screenshots(page, 'store-card-rating');
  // ...and on the product's card.
  await page.goto(`/products?q=${encodeURIComponent(bought.title)}`);
  const productTile = page
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: bought.title, exact: true }) })
    .first();
  await expect(
    productTile.getByRole('img', { name: /^Rated \d\.\d out of 5, \d+ reviews?$/ }),
  ).toBeVisible();
});
