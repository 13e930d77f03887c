import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiPaths,
  brandMessages,
  brandPaths,
  catalogPaths,
  CSRF_HEADER,
  csrfResponse,
  type CreateStoreRequest,
  managePaths,
  productDetailResponse,
  productListResponse,
  storeProductMessages,
} from '@localmart/contract';
import { apiLogin, apiPost, newAccount, registerVerifiedAccount } from '../../support/api.ts';
import { getJson } from '../../support/commerce.ts';
import { expect, test } from '../../support/fixtures.ts';
import {
  anotherPersonsPage,
  catalogueProducts,
  DEMO_ADMIN,
  signInToManage,
} from '../../support/manage.ts';

/*
 * Issue 16, "Must show" 2 (ADR 0022): a brand partner applies on the manage site, the demo admin
 * approves it, the brand rewrites the content of a GTIN several demo stores sell (title,
 * description, a detail, an uploaded photo), and every store's listing of it, and the shopper's
 * product page, shows the brand's words. A store still under review is refused when it tries to
 * write content for that GTIN, and a picture from another website is refused. Screenshots of the
 * admin approval page and the brand portal on a desktop and a 390 x 844 phone.
 */

const FIXTURES = path.join(import.meta.dirname, '..', '..', 'fixtures');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function screenshots(page: Page, name: string) {
  for (const [size, label] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: path.join(test.info().project.outputDir, 'screenshots', `${name}-${label}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(DESKTOP);
}

/** PUT with the CSRF header, as the web app sends it. */
async function apiPut(request: APIRequestContext, url: string, data: unknown, token: string) {
  const csrf = csrfResponse.parse(await (await request.get(apiPaths.csrf)).json());
  if (csrf.status !== 1) throw new Error('no CSRF token');
  const response = await request.put(url, {
    data,
    headers: { [CSRF_HEADER]: csrf.result.csrfToken, authorization: `Bearer ${token}` },
  });
  return {
    httpStatus: response.status(),
    body: (await response.json()) as { status: number; message?: string },
  };
}

/** Barcoded demo products that at least two stores sell, each with the stores selling it. */
async function soldByManyStores(request: APIRequestContext) {
  const found: {
    id: string;
    gtin: string;
    title: string;
    categoryId: string;
    storeIds: string[];
  }[] = [];
  for (const product of await catalogueProducts(request, 60)) {
    const detail = await getJson(request, catalogPaths.product(product.id), productDetailResponse);
    if (detail.status !== 1) continue;
    const storeIds = [...new Set(detail.result.offers.map((offer) => offer.business.id))];
    if (storeIds.length >= 2) {
      found.push({
        id: product.id,
        gtin: product.gtin,
        title: detail.result.title,
        categoryId: detail.result.category.id,
        storeIds,
      });
    }
    if (found.length >= 3) break;
  }
  if (found.length === 0) throw new Error('no demo product is sold by two stores');
  return found;
}

function storeForm(name: string): CreateStoreRequest {
  const day = [{ open: '08:00', close: '22:00' }];
  return {
    name,
    kind: 'retail',
    type: 'grocery',
    description: 'A corner grocery.',
    address: {
      line1: '12 Baldwin St',
      city: 'Toronto',
      region: 'ON',
      postalCode: 'M5T 1L1',
      country: 'ca',
    },
    lat: 43.6562,
    lng: -79.3937,
    phone: '(416) 555-0199',
    email: 'hello@corner.example',
    hours: { weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day } },
    fulfilment: { reservePickup: true, buyOnlinePickup: false, sameDayDelivery: false },
    pickupReadyMinutes: 60,
  };
}

test('a brand partner is approved, edits a GTIN several stores sell, and every store shows it; a pending store and an outside photo are refused', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const candidates = await soldByManyStores(request);
  // A retry runs on the same server: it takes the next product (the first one's prefix is taken).
  const product = candidates[Math.min(test.info().retry, candidates.length - 1)]!;
  const prefix = product.gtin.slice(0, 12);
  const stamp = Date.now().toString(36);
  const brandName = `Northwind Brands ${stamp}`;
  const newTitle = `Northwind Oat Crisps ${stamp}`;

  // The brand applies on the manage site.
  const brandUser = await registerVerifiedAccount(request, newAccount('brand'));
  await signInToManage(page, brandUser, '/manage/brands');
  await expect(page.getByRole('heading', { name: 'Brand partners', level: 1 })).toBeVisible();
  const apply = page.locator('form', {
    has: page.getByRole('heading', { name: 'Apply as a brand partner' }),
  });
  await apply.getByLabel('Organisation name').fill(brandName);
  await apply.getByLabel(/GS1 company prefixes/).fill('12a');
  await apply.getByRole('button', { name: 'Send application' }).click();
  await expect(apply.getByRole('alert')).toHaveText(brandMessages.prefixDigits);
  await apply.getByLabel(/GS1 company prefixes/).fill(prefix);
  await apply.getByLabel(/Brands/).fill('Northwind');
  await apply.getByLabel(/How can we check/).fill('Call our office to check.');
  await apply.getByRole('button', { name: 'Send application' }).click();
  await expect(apply.getByRole('status')).toHaveText(brandMessages.applied);
  await page.getByRole('link', { name: brandName }).click();
  await expect(page.getByRole('heading', { name: brandName, level: 1 })).toBeVisible();
  // Until approved it can edit nothing.
  await expect(page.getByText(brandMessages.notApproved)).toBeVisible();
  await expect(page.getByLabel(/Edit a product by its barcode/)).toHaveCount(0);

  // The demo admin approves it on the admin area's Brand partners page.
  const admin = await anotherPersonsPage(browser, baseURL!);
  await signInToManage(admin.page, DEMO_ADMIN, '/manage/admin/brand-partners');
  const application = admin.page.getByRole('listitem').filter({ hasText: brandName });
  await expect(application).toContainText(prefix);
  await expect(application).toContainText(brandUser.email);
  await screenshots(admin.page, 'admin-brand-partners');
  await application.getByRole('button', { name: `Approve ${brandName}` }).click();
  await expect(application.getByRole('status')).toHaveText(brandMessages.approved);
  await expect(application).toContainText('Approved');
  expect(admin.consoleErrors).toEqual([]);
  await admin.context.close();

  // The brand opens the GTIN and rewrites its content, with a photo uploaded here.
  await page.reload();
  await page.getByLabel(/Edit a product by its barcode/).fill(product.gtin);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  const editor = page.getByRole('region', { name: `Content of GTIN ${product.gtin}` });
  await expect(editor.getByLabel('Product name')).toHaveValue(product.title);
  await expect(editor.getByText(/^Sold by \d+ stores\./)).toBeVisible();
  await editor.getByLabel('Product name').fill(newTitle);
  await editor
    .getByLabel('Description')
    .fill('Whole-grain oats, baked crisp. Written by the brand.');
  await editor.getByRole('button', { name: 'Add a detail' }).click();
  const details = editor.getByRole('group', { name: /Details shoppers see/ });
  const last = await details.getByLabel(/Detail \d+ name/).count();
  await details.getByLabel(`Detail ${last} name`).fill('Made by');
  await details.getByLabel(`Detail ${last} value`).fill('Northwind');
  await editor.getByLabel(/Add photos/).setInputFiles(path.join(FIXTURES, 'sourdough-loaf.png'));
  await expect(
    editor.getByRole('list', { name: 'Product photos' }).getByRole('img').last(),
  ).toHaveAttribute('src', /\/api\/v1\/media\/[0-9a-f-]{36}$/);
  await editor.getByRole('button', { name: 'Save for every store' }).click();
  await expect(editor.getByRole('status')).toHaveText(brandMessages.contentSaved);
  await expect(page.getByRole('button', { name: `Edit ${newTitle}` })).toBeVisible();
  await screenshots(page, 'brand-portal-saved');
  // Ionic scrolls inside its content: bring the page's top back for the whole portal.
  await page.getByRole('heading', { name: brandName, level: 1 }).scrollIntoViewIfNeeded();
  await screenshots(page, 'brand-portal');

  // Every store selling it lists the brand's content, and so does the shopper's product page.
  for (const storeId of product.storeIds) {
    const search = new URLSearchParams({ businessId: storeId, q: stamp, limit: '5' });
    const listing = await getJson(
      request,
      `${catalogPaths.products}?${search}`,
      productListResponse,
    );
    if (listing.status !== 1) throw new Error(listing.message);
    expect(
      listing.results.map((row) => [row.id, row.title]),
      `store ${storeId}`,
    ).toContainEqual([product.id, newTitle]);
  }
  const shopper = await anotherPersonsPage(browser, baseURL!);
  await shopper.page.goto(`/details?id=${product.id}`);
  await expect(shopper.page.getByRole('heading', { name: newTitle }).first()).toBeVisible();
  await expect(
    shopper.page.getByText('Whole-grain oats, baked crisp. Written by the brand.'),
  ).toBeVisible();
  await expect(
    shopper.page.getByRole('region', { name: `Available at ${product.storeIds.length} stores` }),
  ).toBeVisible();
  await shopper.context.close();

  // A store still under review cannot write content for that GTIN.
  const grocer = await registerVerifiedAccount(request, newAccount('grocer'));
  const grocerToken = await apiLogin(request, grocer);
  const store = await apiPost(
    request,
    managePaths.businesses,
    storeForm(`Corner ${stamp}`),
    grocerToken,
  );
  expect(store.body.status, store.body.message).toBe(1);
  const storeId = (store.body as { result: { id: string } }).result.id;
  const poisoned = await apiPost(
    request,
    managePaths.catalogProducts(storeId),
    {
      title: 'RECALL: refund at evil.example',
      gtin: product.gtin,
      categoryId: product.categoryId,
      offer: { price: 100, quantity: 1 },
    },
    grocerToken,
  );
  expect(poisoned.httpStatus).toBe(403);
  expect(poisoned.body.message).toBe(storeProductMessages.pendingStoreNoBarcode);

  // A picture on another website is refused, in words.
  const brandToken = await apiLogin(request, brandUser);
  const brandId = /\/manage\/brands\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  const outside = await apiPut(
    request,
    brandPaths.product(brandId, product.gtin),
    {
      title: newTitle,
      categoryId: product.categoryId,
      images: [{ url: 'https://evil.example/pack.jpg', width: 800, height: 800, alt: '' }],
    },
    brandToken,
  );
  expect(outside.httpStatus).toBe(400);
  expect(outside.body.message).toBe(brandMessages.imageFromElsewhere);

  // Nothing of either attempt reached shoppers.
  const after = await getJson(request, catalogPaths.product(product.id), productDetailResponse);
  expect(after.status === 1 && after.result.title).toBe(newTitle);
  expect(
    after.status === 1 && after.result.images.every((image) => image.url.startsWith('/api/')),
  ).toBe(true);
});
