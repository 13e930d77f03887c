import {
  businessDetailResponse,
  businessListResponse,
  catalogPaths,
  DEFAULT_PLACE,
  productDetailResponse,
  productListResponse,
  type BusinessDetail,
  type Offer,
} from '@localmart/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, newAccount, registerVerifiedAccount } from './api.ts';
import { expect, rememberSignedInUser } from './fixtures.ts';

/**
 * Commerce specs' shared steps: find demo stores and offers through the API, sign a new shopper in at
 * a place, add to cart or reserve from a product page, pay in the embedded PayU simulator.
 */

export const LOCATION_KEY = 'lm_location';
/** WELCOME10: 10 % off an order of $20 or more, once per shopper (demo coupons). */
export const COUPON = 'WELCOME10';
export const COUPON_MINIMUM = 2000;

export async function getJson<T>(
  request: APIRequestContext,
  url: string,
  schema: { parse(v: unknown): T },
) {
  const response = await request.get(url);
  expect(response.ok(), url).toBe(true);
  return schema.parse(await response.json());
}

export async function storesNear(request: APIRequestContext): Promise<BusinessDetail[]> {
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

export interface StoreOffer {
  offer: Offer;
  title: string;
  /** What one unit costs now (sale included). */
  unit: number;
}

/** In-stock offers of one store, most expensive first (fewer units reach a delivery minimum). */
export async function offersOf(
  request: APIRequestContext,
  store: BusinessDetail,
): Promise<StoreOffer[]> {
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

export interface Plan {
  reserve: { store: BusinessDetail; item: StoreOffer };
  delivery: { store: BusinessDetail; item: StoreOffer; quantity: number };
}

/** A reserve store and a same-day delivery store of the demo city, with what to buy at each. */
export async function planTwoStoreOrder(request: APIRequestContext): Promise<Plan> {
  const stores = await storesNear(request);
  // Open now (the server's clock reads 11:00), so it opens again today and same-day delivery is on.
  const delivering = stores.filter((s) => s.fulfilment.sameDayDelivery && s.delivery);
  for (const deliveryStore of delivering.filter((s) => s.openState.open)) {
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
export async function signedInShopper(
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
  return account;
}

export async function addToCart(page: Page, offer: Offer) {
  await page.goto(`/details?id=${offer.productId}`);
  await page.getByRole('button', { name: `Add to cart at ${offer.business.name}` }).click();
  await expect(page.getByText('Added to cart').last()).toBeVisible();
}

/** Reserve adds the item and goes straight to checkout with reserve-for-pickup chosen there. */
export async function reserve(page: Page, offer: Offer) {
  await page.goto(`/details?id=${offer.productId}`);
  await page.getByRole('button', { name: `Reserve at ${offer.business.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/payumoney\\?reserve=${offer.business.id}`));
}

export function storeSection(page: Page, name: string) {
  return page.getByRole('region', { name });
}

/** Press Pay on the payment page (one card entry), then the simulator's button. */
export async function payInSimulator(
  page: Page,
  action: RegExp,
  outcome: 'Pay' | 'Simulate failure',
) {
  await page.getByRole('button', { name: action }).click();
  await expect(page).toHaveURL(/\/payu-sim\/_payment/);
  await page.getByRole('button', { name: outcome, exact: true }).click();
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
