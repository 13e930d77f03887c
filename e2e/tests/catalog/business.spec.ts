import {
  businessDetailResponse,
  businessListResponse,
  catalogPaths,
  teamResponse,
  type BusinessDetail,
} from '@localmart/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures.ts';

/*
 * Issue 4, "Must show" 1: store page tabs by `endpoint`. The e2e server starts on a fresh embedded
 * database holding the demo city; the store is found through the API, not hard-coded.
 */

const TAB_LABELS = {
  products: 'Products',
  menu: 'Menu',
  services: 'Services',
  flyers: 'Flyers',
  gallery: 'Gallery',
  team: 'Team',
  contact: 'Contact',
} as const;

/**
 * After a tab switch Ionic may animate the store page in again; until the transition ends the old and
 * the new page are both on screen (two "Gallery" tabs), so wait for it before reading either.
 */
async function transitionDone(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
}

/** A store of the demo city with products, a gallery and a team: three tabs to move between. */
async function storeWithTabs(page: Page): Promise<BusinessDetail> {
  const response = await page.request.get(`${catalogPaths.businesses}?kind=retail&limit=50`);
  const list = businessListResponse.parse(await response.json());
  if (list.status !== 1) throw new Error(list.message);
  for (const summary of list.results) {
    const detail = businessDetailResponse.parse(
      await (await page.request.get(catalogPaths.business(summary.id))).json(),
    );
    if (detail.status !== 1) continue;
    const { counts } = detail.result;
    if (counts.products > 0 && counts.gallery > 0 && counts.team > 0) return detail.result;
  }
  throw new Error('no demo store has products, a gallery and a team');
}

test('the endpoint picks the tab; switching tabs replaces it in the URL', async ({ page }) => {
  const store = await storeWithTabs(page);
  const team = teamResponse.parse(
    await (await page.request.get(catalogPaths.businessTeam(store.id))).json(),
  );
  if (team.status !== 1 || !team.results[0]) throw new Error('the store has no team');

  await page.goto(`/business-details/${store.id}/team`);
  await expect(page.getByRole('heading', { name: store.name, level: 2 })).toBeVisible();
  await expect(page.getByRole('tab', { name: TAB_LABELS.team })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('link', { name: new RegExp(team.results[0].name) })).toBeVisible();

  await page.getByRole('tab', { name: TAB_LABELS.gallery }).click();
  await expect(page).toHaveURL(new RegExp(`/business-details/${store.id}/gallery$`));
  await transitionDone(page);
  await expect(page.getByRole('tab', { name: TAB_LABELS.gallery })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('link', { name: /^(Photo|Video) 1 of / })).toBeVisible();

  await page.getByRole('tab', { name: TAB_LABELS.products }).click();
  await expect(page).toHaveURL(new RegExp(`/business-details/${store.id}/products$`));
  await transitionDone(page);
  await expect(page.getByRole('list', { name: 'Products at this store' })).toBeVisible();
});

test('an unknown endpoint opens the first tab', async ({ page }) => {
  const store = await storeWithTabs(page);
  await page.goto(`/business-details/${store.id}/not-a-tab`);
  const tabs = page.getByRole('tablist', { name: 'Store sections' }).getByRole('tab');
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.first()).toHaveText(TAB_LABELS.products);
  await expect(page.getByRole('tab', { name: TAB_LABELS.contact })).toBeVisible();
});

test('the store page shows hours, address and directions to the store', async ({
  page,
  context,
}) => {
  const store = await storeWithTabs(page);
  await page.goto(`/business-details/${store.id}/products`);
  // Hours are folded under their summary (open state first), as map apps show them.
  await page.locator('summary', { hasText: 'Hours' }).click();
  await expect(page.getByRole('table', { name: 'Opening hours' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(store.address.line1) })).toBeVisible();
  // The test machine has no internet: Google Maps answers from here.
  await context.route('https://www.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Maps</title>' }),
  );
  const [maps] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Directions' }).click(),
  ]);
  await maps.waitForLoadState();
  expect(maps.url()).toContain('https://www.google.com/maps/dir/?api=1');
  expect(maps.url()).toContain(`destination=${store.lat},${store.lng}`);
  await maps.close();
});

test('the contact tab validates the form and sends it to the store', async ({ page }) => {
  const store = await storeWithTabs(page);
  await page.goto(`/business-details/${store.id}/contact`);
  const form = page.getByRole('form', { name: `Message ${store.name}` });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Please enter your name')).toBeVisible();
  await expect(form.getByText('Message must be at least 10 characters')).toBeVisible();

  await form.getByLabel('Your name').fill('Ada Lovelace');
  await form.getByLabel('Email').fill('ada@example.com');
  await form.getByLabel('Message').fill('Do you have oat milk in stock this weekend?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Success' })).toBeVisible();
  await expect(form.getByLabel('Your name')).toHaveValue('');
});
