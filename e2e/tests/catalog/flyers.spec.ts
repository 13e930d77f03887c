import {
  catalogPaths,
  DEFAULT_PLACE,
  flyerListResponse,
  flyerResponse,
  type Flyer,
  type FlyerItem,
  type FlyerSummary,
  type Offer,
} from '@localmart/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures.ts';

/*
 * Issue 4, "Must show" 1: a flyer hotspot opens the linked product with live stock. The e2e server
 * starts on a fresh embedded database holding the demo city (Toronto, 12 flyers with hotspots).
 */

const near = { lat: DEFAULT_PLACE.lat, lng: DEFAULT_PLACE.lng };

async function shopDowntown(page: Page) {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    'lm_location',
    JSON.stringify({ ...near, label: DEFAULT_PLACE.name, source: 'place' }),
  ] as const);
}

async function flyersFromApi(page: Page): Promise<FlyerSummary[]> {
  const search = new URLSearchParams({ lat: String(near.lat), lng: String(near.lng), limit: '50' });
  const response = await page.request.get(`${catalogPaths.flyers}?${search.toString()}`);
  expect(response.ok()).toBe(true);
  const body = flyerListResponse.parse(await response.json());
  if (body.status !== 1) throw new Error(body.message);
  return body.results;
}

async function flyerFromApi(page: Page, id: string): Promise<Flyer> {
  const response = await page.request.get(catalogPaths.flyer(id));
  expect(response.ok()).toBe(true);
  const body = flyerResponse.parse(await response.json());
  if (body.status !== 1) throw new Error(body.message);
  return body.result;
}

/** The first flyer item of the demo city that links to a live offer. */
async function linkedDeal(page: Page): Promise<{ flyer: Flyer; item: FlyerItem; offer: Offer }> {
  for (const summary of await flyersFromApi(page)) {
    const flyer = await flyerFromApi(page, summary.id);
    for (const flyerPage of flyer.pages) {
      const item = flyerPage.items.find((candidate) => candidate.offer && candidate.productId);
      if (item?.offer) return { flyer, item, offer: item.offer };
    }
  }
  throw new Error('the demo city has no flyer item linked to an offer');
}

test('flyerlist shows this week’s flyers near the shopper, each opening its viewer', async ({
  page,
}) => {
  await shopDowntown(page);
  const [first] = await flyersFromApi(page);
  if (!first) throw new Error('the demo city has no flyers');
  await page.goto('/flyerlist');
  const list = page.getByRole('list', { name: "This week's flyers" });
  const card = list.getByRole('link', { name: `${first.business.name}: ${first.title}` }).first();
  await expect(card).toBeVisible();
  await expect(card).toContainText(/Valid \w{3} \w{3} \d{1,2}/);
  // When it ends, on the store's clock (issue 17): today, tomorrow or a readable date.
  await expect(card).toContainText(/Ends (today|tomorrow|\w{3}, \w{3} \d{1,2})/);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/flyer-details\\?id=${first.id}$`));
  await expect(page.getByRole('heading', { name: first.title }).first()).toBeVisible();
});

test('a flyer hotspot opens the linked product with live stock', async ({ page }) => {
  await shopDowntown(page);
  const { flyer, item, offer } = await linkedDeal(page);
  await page.goto(`/flyer-details?id=${flyer.id}`);

  const hotspot = page.getByRole('button', { name: item.title, exact: true }).first();
  await expect(hotspot).toBeVisible();
  await hotspot.click();

  const sheet = page.getByRole('dialog', { name: item.title });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText(item.priceText).first()).toBeVisible();
  await expect(sheet.getByText(`Now at ${offer.business.name}`)).toBeVisible();
  // Live stock: the wording the API gives for the store's quantity right now.
  await expect(sheet.getByText(offer.stock.label).first()).toBeVisible();

  await sheet.getByRole('link', { name: 'View product details' }).click();
  await expect(page).toHaveURL(new RegExp(`/details\\?id=${item.productId}$`));
  await expect(page.getByText(offer.stock.label).first()).toBeVisible();
});

test('zoom buttons enlarge the flyer page and hotspots stay on it', async ({ page }) => {
  const [first] = await flyersFromApi(page);
  if (!first) throw new Error('the demo city has no flyers');
  const flyer = await flyerFromApi(page, first.id);
  const item = flyer.pages[0]?.items[0];
  await page.goto(`/flyer-details?id=${flyer.id}`);
  const pageOne = page.getByRole('figure', { name: `Page 1 of ${flyer.pages.length}` });
  await expect(pageOne).toBeVisible();
  const before = (await pageOne.boundingBox())?.width ?? 0;
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByRole('status', { name: 'Zoom level' })).toHaveText('150%');
  await expect
    .poll(async () => (await pageOne.boundingBox())?.width ?? 0)
    .toBeGreaterThan(before * 1.4);
  if (item) {
    // The hotspot is still inside its page, at its fraction of the page's width.
    const box = await page
      .getByRole('button', { name: item.title, exact: true })
      .first()
      .boundingBox();
    const pageBox = await pageOne.boundingBox();
    if (!box || !pageBox) throw new Error('no layout');
    expect(box.x - pageBox.x).toBeCloseTo(item.box.left * pageBox.width, -1);
  }
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect(page.getByRole('status', { name: 'Zoom level' })).toHaveText('100%');
});

test('an unknown flyer id says the flyer is no longer available', async ({ page }) => {
  await page.goto('/flyer-details?id=00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('This flyer is no longer available')).toBeVisible();
});
