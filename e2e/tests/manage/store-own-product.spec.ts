import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  businessDetailResponse,
  catalogPaths,
  DEMO_ACCOUNT_PASSWORD,
  DEMO_ACCOUNTS,
  manageMeResponse,
  managePaths,
  offersMessages,
  PRODUCT_CONTENT_LABELS,
  storeProductMessages,
  variantMessages,
} from '@localmart/contract';
import { apiLogin, type TestAccount } from '../../support/api.ts';
import { getJson, payInSimulator, signedInShopper } from '../../support/commerce.ts';
import { expect, test } from '../../support/fixtures.ts';
import { signInToManage } from '../../support/manage.ts';

/*
 * Issue 16, "Must show" 1: a store lists what it bakes itself. The demo owner creates "Country
 * Sourdough 800 g" without a barcode, named by its SKU, with two photos uploaded from files; a
 * shopper finds it by searching and reserves it for pickup (paying in the simulator holds the card).
 * On the commerce server, whose clock reads late morning in the demo city, so the store is open.
 * Also the products page and the product editor at phone (390x844) and tablet (820x1180) sizes,
 * where every row's Save / Edit / Remove must be on screen. Then sizes (ADR 0020): the owner adds a
 * "400 g" size of the loaf in its editor; the shopper's search lists the loaf once ("2 sizes"), and
 * on its page the shopper picks the 400 g chip (its own price) and reserves that size.
 */
test.use({ server: 'commerce' });

const DEMO_OWNER: TestAccount = { ...DEMO_ACCOUNTS.owner, password: DEMO_ACCOUNT_PASSWORD };
const FIXTURES = path.join(import.meta.dirname, '..', '..', 'fixtures');
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 820, height: 1180 };
const DESKTOP = { width: 1280, height: 800 };

async function screenshot(page: Page, name: string, fullPage = true) {
  await page.screenshot({
    path: path.join(test.info().project.outputDir, 'screenshots', name),
    fullPage,
  });
}

/** Every button of the row lies inside the window: nothing to scroll sideways for. */
async function expectOnScreen(page: Page, names: RegExp[]) {
  const width = page.viewportSize()!.width;
  for (const name of names) {
    const button = page.getByRole('button', { name }).first();
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} ends on screen at ${width} px`).toBeLessThanOrEqual(width);
  }
}

test('a bakery lists its own sourdough without a barcode, with two photos and a 400 g size; a shopper finds it once, picks the 400 g and reserves it', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const sku = `SOUR-${Date.now() % 1_000_000}`;
  const token = await apiLogin(request, DEMO_OWNER);
  const me = manageMeResponse.parse(
    await (
      await request.get(managePaths.me, { headers: { authorization: `Bearer ${token}` } })
    ).json(),
  );
  if (me.status !== 1) throw new Error(me.message);
  const owned = me.result.stores.find((store) => store.role === 'owner');
  if (!owned) throw new Error('the demo owner owns no store');
  const store = await getJson(request, catalogPaths.business(owned.id), businessDetailResponse);
  if (store.status !== 1) throw new Error(store.message);
  expect(store.result.fulfilment.reservePickup, 'the demo store takes reservations').toBe(true);

  // The owner describes the loaf: no barcode, a SKU, a category, a detail, two photos.
  await signInToManage(page, DEMO_OWNER, `/manage/stores/${owned.id}/products`);
  await expect(page.getByRole('heading', { name: 'Products & stock', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add product' });
  await dialog.getByRole('button', { name: 'Create a new product' }).click();
  await dialog.getByRole('textbox', { name: 'Product name' }).fill('Country Sourdough 800 g');
  const category = dialog.getByRole('combobox', { name: 'Category' });
  const bread = await category
    .locator('option', { hasText: /Bakery › Bread$/ })
    .first()
    .getAttribute('value');
  await category.selectOption(bread!);
  await dialog
    .getByRole('textbox', { name: 'Description' })
    .fill('Naturally leavened, stone-baked every morning.');
  await dialog.getByRole('button', { name: 'Add a detail' }).click();
  await dialog.getByRole('textbox', { name: 'Detail 1 name' }).fill('Weight');
  await dialog.getByRole('textbox', { name: 'Detail 1 value' }).fill('800 g');
  await dialog
    .getByLabel(/Add photos/)
    .setInputFiles([
      path.join(FIXTURES, 'sourdough-loaf.png'),
      path.join(FIXTURES, 'sourdough-crumb.png'),
    ]);
  const photos = dialog.getByRole('list', { name: 'Product photos' }).getByRole('img');
  await expect(photos).toHaveCount(2);
  await dialog.getByRole('textbox', { name: 'Your price' }).fill('6.50');
  await dialog.getByRole('textbox', { name: 'Quantity in stock' }).fill('12');
  // No barcode and no SKU yet: the form asks for the store's item code, in a retailer's words.
  await dialog.getByRole('button', { name: 'Create product' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(storeProductMessages.ownProductNeedsSku);
  await dialog.getByRole('textbox', { name: /Your SKU/ }).fill(sku);
  await dialog.getByRole('button', { name: 'Create product' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: offersMessages.productCreated }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: /Search by title/ }).fill(sku);
  const row = page.getByRole('row').filter({ hasText: 'Country Sourdough 800 g' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`SKU ${sku}`);
  await expect(row).toContainText(PRODUCT_CONTENT_LABELS.ownProduct);

  // Screens: the products page and the editor, on a phone and an 820 px tablet.
  for (const [size, label] of [
    [TABLET, 'tablet'],
    [PHONE, 'phone'],
  ] as const) {
    await page.setViewportSize(size);
    await expectOnScreen(page, [
      /^Save Country Sourdough/,
      /^Edit product Country Sourdough/,
      /^Edit sale and SKU of Country Sourdough/,
      /^Remove Country Sourdough/,
    ]);
    await screenshot(page, `manage-products-${label}.png`);
    await page.getByRole('button', { name: 'Edit product Country Sourdough 800 g' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Country Sourdough 800 g' });
    await expect(editor.getByRole('textbox', { name: 'Product name' })).toHaveValue(
      'Country Sourdough 800 g',
    );
    await expect(editor.getByRole('list', { name: 'Product photos' }).getByRole('img')).toHaveCount(
      2,
    );
    await expectOnScreen(page, [/^Save product$/]);
    await screenshot(page, `manage-product-editor-${label}.png`, false);
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toBeHidden();
  }
  await page.setViewportSize(DESKTOP);

  // A second size: the editor's "Add a size" names the loaf's own size (guessed from its Weight
  // detail) and the new one, each with its own SKU, price and stock.
  await page.getByRole('button', { name: 'Edit product Country Sourdough 800 g' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Country Sourdough 800 g' });
  await editor.getByRole('button', { name: 'Add a size' }).click();
  const sizeForm = editor.getByRole('form', { name: 'Add a size' });
  await expect(sizeForm.getByRole('textbox', { name: 'This product’s size' })).toHaveValue('800 g');
  await sizeForm.getByRole('textbox', { name: 'New size', exact: true }).fill('800 G');
  await sizeForm.getByRole('button', { name: 'Add size' }).click();
  await expect(sizeForm.getByRole('alert')).toHaveText(variantMessages.labelTaken);
  await sizeForm.getByRole('textbox', { name: 'New size', exact: true }).fill('400 g');
  await sizeForm.getByRole('textbox', { name: 'SKU of the new size' }).fill(`${sku}-400`);
  await sizeForm.getByRole('textbox', { name: 'Price of the new size' }).fill('3.75');
  await sizeForm.getByRole('textbox', { name: 'Quantity in stock of the new size' }).fill('6');
  await sizeForm.getByRole('button', { name: 'Add size' }).click();
  await expect(
    editor.getByRole('status').filter({ hasText: variantMessages.variantAdded }),
  ).toBeVisible();
  const sizes = editor.getByRole('list', { name: 'Sizes of this product' });
  await expect(sizes.getByRole('form')).toHaveCount(2);
  await expect(sizes.getByRole('form', { name: 'Size 400 g' })).toContainText(
    'Country Sourdough 400 g',
  );
  await sizes.getByRole('form', { name: 'Size 400 g' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'manage-sizes-desktop.png', false);
  await page.setViewportSize(PHONE);
  await sizes.getByRole('form', { name: 'Size 400 g' }).scrollIntoViewIfNeeded();
  await expectOnScreen(page, [/^Save size 400 g$/, /^Remove size 400 g$/]);
  await screenshot(page, 'manage-sizes-phone.png', false);
  await page.setViewportSize(DESKTOP);
  await editor.getByRole('button', { name: 'Close' }).click();
  await expect(editor).toBeHidden();
  // The table lists the 400 g under the loaf, tagged with its size.
  await page.getByRole('searchbox', { name: /Search by title/ }).fill(sku);
  const sizeRows = page.getByRole('row').filter({ hasText: 'Country Sourdough' });
  await expect(sizeRows).toHaveCount(2);
  await expect(sizeRows.nth(0)).toContainText('Main size 800 g');
  await expect(sizeRows.nth(1)).toContainText('Size 400 g');
  await expect(sizeRows.nth(1)).toContainText(`SKU ${sku}-400`);

  // The product's photos are ours: served from our media store, resized, never an outside URL.
  const shopperSide = await browser.newContext({ baseURL, timezoneId: 'America/Toronto' });
  const shopper = await shopperSide.newPage();
  await signedInShopper(shopper, request, { lat: store.result.lat, lng: store.result.lng });
  await shopper.goto('/products');
  await shopper.getByRole('searchbox').first().fill('Country Sourdough');
  // The loaf and its 400 g are one card: "2 sizes", from the lower price.
  const card = shopper
    .getByRole('article')
    .filter({ hasText: /Country Sourdough (800|400) g/ })
    .filter({ hasText: '2 sizes' })
    .first();
  await expect(card).toContainText('From $3.75');
  await card.getByRole('link', { name: /Country Sourdough (800|400) g/ }).click();
  // Ionic keeps the list page until the details page has entered: wait for the list to leave, then
  // read the page's own title (the card's heading carries the same name).
  await expect(shopper.getByRole('list', { name: 'Products' })).toBeHidden();
  await expect(
    shopper.getByRole('heading', { name: /^Country Sourdough (800|400) g$/, level: 2 }),
  ).toBeVisible();
  // The size chooser: both sizes with their own price; picking 400 g changes the title and price.
  const chooser = shopper.getByRole('group', { name: /2 sizes/ });
  await expect(chooser.getByRole('radio')).toHaveCount(2);
  await expect(chooser).toContainText('800 g');
  await expect(chooser).toContainText('$6.50');
  await chooser.getByRole('radio', { name: /400 g/ }).check();
  await expect(
    shopper.getByRole('heading', { name: 'Country Sourdough 400 g', level: 2 }),
  ).toBeVisible();
  await expect(shopper.locator('.lm-pd-offer-price')).toContainText('$3.75');
  await expect(shopper.getByText('Naturally leavened, stone-baked every morning.')).toBeVisible();
  const images = await shopper
    .locator('img')
    .evaluateAll((list) => list.map((img) => (img as HTMLImageElement).src));
  const productImages = images.filter((src) => src.includes('/api/v1/media/'));
  expect(productImages.length, 'the product page shows our media photos').toBeGreaterThanOrEqual(1);
  expect(images.every((src) => new URL(src).origin === new URL(baseURL!).origin)).toBe(true);

  await screenshot(shopper, 'size-chooser-desktop.png', false);
  await shopper.setViewportSize(PHONE);
  await chooser.scrollIntoViewIfNeeded();
  await screenshot(shopper, 'size-chooser-phone.png', false);
  await shopper.setViewportSize(DESKTOP);

  // Reserve the 400 g for pickup and pay in the simulator: the card is held, the order placed.
  await shopper.getByRole('button', { name: `Reserve at ${store.result.name}` }).click();
  await expect(shopper).toHaveURL(new RegExp(`/payumoney\\?reserve=${owned.id}`));
  const reserved = shopper.getByRole('region', { name: store.result.name });
  await expect(reserved).toContainText('Country Sourdough 400 g');
  await expect(reserved).not.toContainText('Country Sourdough 800 g');
  await shopper.getByRole('button', { name: 'Place order' }).click();
  await expect(shopper).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await payInSimulator(shopper, /^Pay \$/, 'Pay');
  await expect(shopper.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(shopper.getByRole('list', { name: 'Your orders' })).toContainText(store.result.name);
  await screenshot(shopper, 'sourdough-reserved.png');
  await shopperSide.close();
});
