import {
  apiPaths,
  catalogPaths,
  commonMessages,
  labels,
  type BusinessListResponse,
  type CmsPageSummary,
  type MenuListResponse,
  type ServiceListResponse,
} from '@localmart/contract';
import type { APIRequestContext } from '@playwright/test';
import { apiLogin, registerVerifiedAccount } from '../support/api.ts';
import { expect, rememberSignedInUser, test } from '../support/fixtures.ts';

/**
 * Every route of spec §2's table, with sample parameters, plus the referenced routes. The shopper's
 * own pages (cart, checkout, orders, addresses) are in `privatePaths`: they ask a visitor to sign in.
 */
const privatePaths = [
  'profile',
  'edit-profile',
  'cart',
  'payumoney',
  'checkout/42',
  'add-address',
  'my-order',
  'order-details/o1',
  'order/o1',
  'order-failure/b1',
];

const routeUrls = [
  '/home',
  '/reset-password/abc123',
  '/details',
  '/contacts',
  '/country-modal',
  '/menu-details/:restaurant/:menu',
  '/food-items',
  '/business-details/:store/products',
  '/service-details/:provider/:service',
  '/services',
  '/team-details',
  '/teams',
  '/products',
  '/gallery',
  '/media-viewer',
  '/menulist',
  '/flyerlist',
  '/servicelist',
  '/flyer-details',
  '/category-modal',
  '/user-location',
  '/mobile-verify',
  '/manage',
];

test('"/" lands on /home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
});

/** Real ids of the demo city for the catalogue's parameterised routes (a made-up id is a 404 page). */
async function demoIds(request: APIRequestContext): Promise<Record<string, string>> {
  const get = async <T>(url: string) => (await (await request.get(url)).json()) as T;
  const stores = await get<BusinessListResponse>(`${catalogPaths.businesses}?kind=retail&limit=1`);
  const restaurants = await get<BusinessListResponse>(
    `${catalogPaths.businesses}?kind=restaurant&limit=1`,
  );
  const services = await get<ServiceListResponse>(`${catalogPaths.services}?limit=1`);
  if (stores.status !== 1 || restaurants.status !== 1 || services.status !== 1) {
    throw new Error('the demo city is not loaded');
  }
  const restaurant = restaurants.results[0]!;
  const menus = await get<MenuListResponse>(catalogPaths.businessMenus(restaurant.id));
  if (menus.status !== 1) throw new Error('the demo restaurant has no menus');
  const service = services.results[0]!;
  return {
    store: stores.results[0]!.id,
    restaurant: restaurant.id,
    menu: menus.results[0]!.id,
    provider: service.business.id,
    service: service.id,
  };
}

test('every route of the table opens by URL, each as its own page', async ({ page, request }) => {
  // 31 full page loads in one test: far more than one page's 30 s.
  test.setTimeout(120_000);
  const ids = await demoIds(request);
  for (const pattern of routeUrls) {
    const url = pattern.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? name);
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    await expect(page, url).toHaveURL(new RegExp(`${url.replace(/[/]/g, '\\/')}$`));
    const visiblePage = page.locator('.ion-page:not(.ion-page-hidden)').last();
    await expect(visiblePage.getByRole('heading').first(), url).toBeVisible();
    await expect(page.getByText(commonMessages.pageNotFound), url).toHaveCount(0);
  }
});

test('private pages send an anonymous visitor to sign in, with a way back', async ({ page }) => {
  test.setTimeout(90_000);
  for (const path of privatePaths) {
    const response = await page.goto(`/${path}`);
    expect(response?.status(), path).toBe(200);
    const returnUrl = `(${path}|${encodeURIComponent(path)})`;
    await expect(page, path).toHaveURL(new RegExp(`/login\\?return_url=${returnUrl}$`));
    await expect(page.getByRole('dialog', { name: labels.signIn })).toBeVisible();
  }
});

test('parameterised routes show what their parameters name', async ({ page, request }) => {
  const ids = await demoIds(request);
  const store = (await (await request.get(catalogPaths.business(ids.store!))).json()) as {
    result: { name: string };
  };
  await page.goto(`/business-details/${ids.store}/gallery`);
  await expect(page.getByRole('heading', { name: store.result.name }).first()).toBeVisible();
});

test('checkout/{id} and payumoney render the same payment page', async ({ page, request }) => {
  const token = await apiLogin(request, await registerVerifiedAccount(request));
  await rememberSignedInUser(page, '/home', { token });
  await page.goto('/payumoney');
  const payuTitle = await page.locator('ion-title').last().innerText();
  await page.goto('/checkout/42');
  await expect(page.locator('ion-title').last()).toHaveText(payuTitle);
});

test('an unknown path shows a not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/place');
  await expect(page.getByText(commonMessages.pageNotFound).first()).toBeVisible();
  await page
    .getByRole('button', { name: /stores/i })
    .or(page.getByRole('link', { name: /stores/i }))
    .last()
    .click();
  await expect(page).toHaveURL(/\/home$/);
});

test('a CMS page renders its sanitised body', async ({ page, request }) => {
  const list = await request.get(`${apiPaths.pages}?page=1&limit=10`);
  const body = (await list.json()) as { status: number; results: CmsPageSummary[] };
  expect(body.status).toBe(1);
  const about = body.results.find((p) => p.page_id === 'about-us');
  expect(about).toBeDefined();
  await page.goto(`/cms/${about!.page_id}/${about!._id}`);
  await expect(page.getByRole('heading', { name: about!.page_name }).first()).toBeVisible();
  await expect(page.locator('.cms-content p').first()).toBeVisible();
});

test('an unknown CMS page says so instead of a blank screen', async ({ page }) => {
  await page.goto('/cms/nothing/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('This page does not exist')).toBeVisible();
});

test('API paths never fall back to the app', async ({ request }) => {
  const response = await request.get('/api/v1/definitely-not-here');
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ status: 0, message: commonMessages.routeNotFound });
});
