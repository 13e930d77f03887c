import { apiPaths, commonMessages, labels, type CmsPageSummary } from '@localmart/contract';
import { expect, test } from '../support/fixtures.ts';

/** Every route of spec §2's table, with sample parameters, plus the referenced routes. */
const routeUrls = [
  '/home',
  '/reset-password/abc123',
  '/payumoney',
  '/details',
  '/cart',
  '/checkout/42',
  '/contacts',
  '/country-modal',
  '/add-address',
  '/menu-details/b1/m1',
  '/food-items',
  '/my-order',
  '/business-details/b1/products',
  '/order-details/o1',
  '/service-details/b1/s1',
  '/services',
  '/order/o1',
  '/team-details',
  '/teams',
  '/order-failure/b1',
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

test('every route of the table opens by URL, each as its own page', async ({ page }) => {
  for (const url of routeUrls) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    await expect(page, url).toHaveURL(new RegExp(`${url.replace(/[/]/g, '\\/')}$`));
    const visiblePage = page.locator('.ion-page:not(.ion-page-hidden)').last();
    await expect(visiblePage.getByRole('heading').first(), url).toBeVisible();
    await expect(page.getByText(commonMessages.pageNotFound), url).toHaveCount(0);
  }
});

test('private pages send an anonymous visitor to sign in, with a way back', async ({ page }) => {
  for (const path of ['profile', 'edit-profile']) {
    await page.goto(`/${path}`);
    await expect(page).toHaveURL(new RegExp(`/login\\?return_url=${path}$`));
    await expect(page.getByRole('dialog', { name: labels.signIn })).toBeVisible();
  }
});

test('parameterised routes show their parameters', async ({ page }) => {
  await page.goto('/order-details/ORD-7781');
  await expect(page.getByText('ORD-7781').first()).toBeVisible();
  await page.goto('/business-details/b42/gallery');
  await expect(page.getByText('b42').first()).toBeVisible();
});

test('checkout/{id} and payumoney render the same payment page', async ({ page }) => {
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
