import {
  businessDetailResponse,
  businessListResponse,
  catalogPaths,
  commerceMessages,
  DEFAULT_PLACE,
  FULFILMENT_LABELS,
  ORDER_STATUS_LABELS,
  productDetailResponse,
  productListResponse,
  type BusinessDetail,
  type Offer,
} from '@localmart/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, newAccount, registerVerifiedAccount } from '../../support/api.ts';
import { expect, rememberSignedInUser, test } from '../../support/fixtures.ts';

/*
 * Issue 5, "Must show" 1: browse -> add items from two stores -> checkout (one reserve-for-pickup, one
 * same-day delivery with a new address and a coupon) -> pay in the simulator -> success page ->
 * my-order shows two orders -> order details timeline; a failed payment lands on order-failure and the
 * cart is intact. Runs on the commerce server, whose clock reads 11:00 in the demo city, so stores are
 * open and before every same-day delivery cut-off whatever the real time.
 */
test.use({ server: 'commerce' });

const LOCATION_KEY = 'lm_location';
/** WELCOME10: 10 % off an order of $20 or more, once per shopper (demo coupons). */
const COUPON = 'WELCOME10';
const COUPON_MINIMUM = 2000;

async function getJson<T>(
  request: APIRequestContext,
  url: string,
  schema: { parse(v: unknown): T },
) {
  const response = await request.get(url);
  expect(response.ok(), url).toBe(true);
  return schema.parse(await response.json());
}

async function storesNear(request: APIRequestContext): Promise<BusinessDetail[]> {
  const search = new URLSearchParams({
    kind: 'retail',
    lat: String(DEFAULT_PLACE.lat),
    lng: String(DEFAULT_PLACE.lng),
    sort: 'distance',
    limit: '30',
  });
  const list = await getJson(request, `${catalogPaths.businesses}?${search}`, businessListResponse);
  if (list.status !== 1) throw new Error(list.message);
  const details: BusinessDetail[] = [];
  for (const store of list.results) {
    const detail = await getJson(request, catalogPaths.business(store.id), businessDetailResponse);
    if (detail.status === 1) details.push(detail.result);
  }
  return details;
}

interface StoreOffer {
  offer: Offer;
  title: string;
  /** What one unit costs now (sale included). */
  unit: number;
}

/** In-stock offers of one store, most expensive first (fewer units reach a delivery minimum). */
async function offersOf(request: APIRequestContext, store: BusinessDetail): Promise<StoreOffer[]> {
  const search = new URLSearchParams({ businessId: store.id, inStockOnly: 'true', limit: '12' });
  const list = await getJson(request, `${catalogPaths.products}?${search}`, productListResponse);
  if (list.status !== 1) throw new Error(list.message);
  const offers: StoreOffer[] = [];
  for (const product of list.results) {
    const detail = await getJson(request, catalogPaths.product(product.id), productDetailResponse);
    if (detail.status !== 1) continue;
    const offer = detail.result.offers.find((o) => o.business.id === store.id);
    if (offer && offer.quantity >= 12) {
      offers.push({ offer, title: detail.result.title, unit: offer.currentPrice.amount });
    }
  }
  return offers.sort((a, b) => b.unit - a.unit);
}

interface Plan {
  reserve: { store: BusinessDetail; item: StoreOffer };
  delivery: { store: BusinessDetail; item: StoreOffer; quantity: number };
}

/** A reserve store and a same-day delivery store of the demo city, with what to buy at each. */
async function planTwoStoreOrder(request: APIRequestContext): Promise<Plan> {
  const stores = await storesNear(request);
  for (const deliveryStore of stores.filter((s) => s.fulfilment.sameDayDelivery && s.delivery)) {
    const need = Math.max(deliveryStore.delivery!.minimumOrder.amount, COUPON_MINIMUM);
    const item = (await offersOf(request, deliveryStore)).find(
      (o) => Math.ceil(need / o.unit) <= 10,
    );
    if (!item) continue;
    const quantity = Math.ceil(need / item.unit);
    for (const reserveStore of stores.filter(
      (s) => s.id !== deliveryStore.id && s.fulfilment.reservePickup,
    )) {
      // One cheaper unit, so the coupon lands on the delivery order (the largest eligible one).
      const cheap = (await offersOf(request, reserveStore)).find(
        (o) => o.unit < item.unit * quantity,
      );
      if (cheap) {
        return {
          reserve: { store: reserveStore, item: cheap },
          delivery: { store: deliveryStore, item, quantity },
        };
      }
    }
  }
  throw new Error('the demo city has no reserve store and delivery store to combine');
}

/** A new verified shopper, signed in in the page, standing at `where`. */
async function signedInShopper(
  page: Page,
  request: APIRequestContext,
  where: { lat: number; lng: number },
) {
  const account = await registerVerifiedAccount(request, newAccount('checkout'));
  const token = await apiLogin(request, account);
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    LOCATION_KEY,
    JSON.stringify({ ...where, label: 'Near the store', source: 'place' }),
  ] as const);
  await rememberSignedInUser(page, '/home', {
    token,
    name: `${account.firstName} ${account.lastName}`,
  });
}

async function addToCart(page: Page, offer: Offer) {
  await page.goto(`/details?id=${offer.productId}`);
  await page.getByRole('button', { name: `Add to cart at ${offer.business.name}` }).click();
  await expect(page.getByText('Added to cart').last()).toBeVisible();
}

/** Reserve adds the item and goes straight to checkout with reserve-for-pickup chosen there. */
async function reserve(page: Page, offer: Offer) {
  await page.goto(`/details?id=${offer.productId}`);
  await page.getByRole('button', { name: `Reserve at ${offer.business.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/payumoney\\?reserve=${offer.business.id}`));
}

function storeSection(page: Page, name: string) {
  return page.getByRole('region', { name });
}

/** Press Pay (or Authorise) on the payment page, then the simulator's button; back on our site. */
async function payInSimulator(page: Page, action: RegExp, outcome: 'Pay' | 'Simulate failure') {
  await page.getByRole('button', { name: action }).click();
  await expect(page).toHaveURL(/\/payu-sim\/_payment/);
  await page.getByRole('button', { name: outcome, exact: true }).click();
}

test('two stores: reserve one, deliver the other with a new address and a coupon, pay, follow the orders', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const plan = await planTwoStoreOrder(request);
  const { delivery } = plan;
  await signedInShopper(page, request, { lat: delivery.store.lat, lng: delivery.store.lng });

  // Browse: each product page lists the store's offer with its Reserve / Add to cart buttons.
  await reserve(page, plan.reserve.item.offer);
  await addToCart(page, delivery.item.offer);

  // Cart: one group per store; raise the delivery line to the store's minimum.
  await page.goto('/cart');
  const deliveryGroup = storeSection(page, delivery.store.name);
  await expect(storeSection(page, plan.reserve.store.name)).toBeVisible();
  await expect(deliveryGroup).toBeVisible();
  const stepper = deliveryGroup
    .getByRole('group')
    .filter({ has: page.getByRole('button', { name: 'Increase quantity' }) });
  for (let quantity = 2; quantity <= delivery.quantity; quantity += 1) {
    await stepper.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(stepper).toContainText(String(quantity));
  }
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/payumoney/);

  // Checkout: reserve at one store, same-day delivery at the other to a new address.
  await storeSection(page, plan.reserve.store.name)
    .getByRole('radio', { name: FULFILMENT_LABELS.reserve_pickup })
    .check();
  await storeSection(page, delivery.store.name)
    .getByRole('radio', { name: FULFILMENT_LABELS.same_day_delivery })
    .check();
  await storeSection(page, delivery.store.name)
    .getByRole('link', { name: 'Add a new address' })
    .click();
  await expect(page).toHaveURL(/\/add-address/);
  await page.getByLabel('Full name', { exact: true }).fill('Ada Lovelace');
  await page.getByLabel('Phone', { exact: true }).fill('+1 416 555 0100');
  await page.getByLabel('Street address', { exact: true }).fill('100 Queen St W');
  await page.getByLabel('City', { exact: true }).fill('Toronto');
  await page.getByLabel('Province', { exact: true }).fill('ON');
  await page.getByLabel('Postal code', { exact: true }).fill('M5H 2N2');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page).toHaveURL(/\/payumoney/);
  await expect(storeSection(page, delivery.store.name)).toContainText('100 Queen St W');

  await page.getByRole('textbox', { name: 'Coupon code' }).fill(COUPON.toLowerCase());
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: commerceMessages.couponApplied }),
  ).toBeVisible();
  await expect(storeSection(page, delivery.store.name)).toContainText('Coupon discount');

  const placeOrder = page.getByRole('button', { name: 'Place order' });
  await expect(placeOrder).toBeEnabled();
  await placeOrder.click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  const checkoutId = /\/checkout\/([0-9a-f-]{36})$/.exec(page.url())![1]!;

  // Pay now for the delivery, then authorise the hold for the reservation, both in the simulator.
  await payInSimulator(page, /^Pay .* now$/, 'Pay');
  await expect(page).toHaveURL(new RegExp(`/checkout/${checkoutId}$`));
  await payInSimulator(page, /^Authorise .* hold/, 'Pay');
  await expect(page).toHaveURL(new RegExp(`/order/${checkoutId}$`));
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  const orders = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem');
  await expect(orders).toHaveCount(2);

  // My orders: both, newest first, each opening its details with the timeline.
  await page.goto('/my-order');
  const rows = page.getByRole('link', { name: /^Order LM-/ });
  await expect(rows).toHaveCount(2);
  await expect(
    page.getByRole('link', { name: new RegExp(`from ${escapeRegExp(plan.reserve.store.name)}$`) }),
  ).toBeVisible();
  await page
    .getByRole('link', { name: new RegExp(`from ${escapeRegExp(delivery.store.name)}$`) })
    .click();
  await expect(page).toHaveURL(/\/order-details\/[0-9a-f-]{36}$/);
  const timeline = page.getByRole('list', { name: 'Order timeline' });
  await expect(timeline).toContainText(ORDER_STATUS_LABELS.placed);
  await expect(page.getByText('Coupon discount')).toBeVisible();
  await expect(page.getByText('100 Queen St W').first()).toBeVisible();

  // The cart emptied itself when everything was paid.
  await page.goto('/cart');
  await expect(
    page
      .getByText(commerceMessages.cartEmpty)
      .or(page.getByRole('link', { name: 'Browse stores' }))
      .first(),
  ).toBeVisible();
});

test('a failed payment lands on order-failure and leaves the cart as it was', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  let store: BusinessDetail | undefined;
  let item: StoreOffer | undefined;
  for (const candidate of (await storesNear(request)).filter((s) => s.fulfilment.reservePickup)) {
    item = (await offersOf(request, candidate))[0];
    store = candidate;
    if (item) break;
  }
  if (!store || !item) throw new Error('no reserve store with stock in the demo city');
  await signedInShopper(page, request, { lat: store.lat, lng: store.lng });

  await reserve(page, item.offer);
  await expect(
    storeSection(page, store.name).getByRole('radio', { name: FULFILMENT_LABELS.reserve_pickup }),
  ).toBeChecked();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);

  await payInSimulator(page, /^Authorise .* hold/, 'Simulate failure');
  await expect(page).toHaveURL(new RegExp(`/order-failure/${store.id}`));
  await expect(page.getByText(commerceMessages.paymentFailed)).toBeVisible();

  await page.getByRole('link', { name: 'Back to cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(storeSection(page, store.name)).toContainText(item.title);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
