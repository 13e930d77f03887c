import {
  businessListResponse,
  catalogPaths,
  findPlace,
  KM_PER_MILE,
  type BusinessSummary,
} from '@localmart/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures.ts';

/*
 * Issue 4, "Must show" 1: set a location -> nearest stores in distance order with open/closed state.
 * The e2e server starts on a fresh embedded database holding the demo city (Toronto).
 */

const STORES_LIST = 'Stores near you';

/** '850 m' / '1.2 km' / '0.7 mi' -> km, to check the order the screen shows. */
function labelToKm(text: string): number {
  const match = /([\d.]+)\s*(m|km|mi)\b/.exec(text);
  if (!match) throw new Error(`no distance in "${text}"`);
  const value = Number(match[1]);
  if (match[2] === 'm') return value / 1000;
  if (match[2] === 'mi') return value * KM_PER_MILE;
  return value;
}

async function pickPlace(page: Page, name: string) {
  await page.goto('/user-location');
  await page.getByRole('searchbox', { name: 'Search for a place' }).fill(name);
  await page
    .getByRole('list', { name: 'Places' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
}

async function storesFromApi(page: Page, lat: number, lng: number): Promise<BusinessSummary[]> {
  const response = await page.request.get(
    `${catalogPaths.businesses}?lat=${lat}&lng=${lng}&sort=distance`,
  );
  expect(response.ok()).toBe(true);
  const body = businessListResponse.parse(await response.json());
  if (body.status !== 1) throw new Error(body.message);
  return body.results;
}

test.describe('Stores (home) near a location', () => {
  test('picking a place lists the nearest stores in distance order, with open or closed state', async ({
    page,
  }) => {
    await pickPlace(page, 'Leslieville');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('link', { name: /Near Leslieville/ })).toBeVisible();

    const list = page.getByRole('list', { name: STORES_LIST });
    await expect(list).toBeVisible();
    const cards = list.getByRole('article');
    await expect(cards.first()).toBeVisible();

    // The screen shows the server's order, and that order is by distance from Leslieville.
    const place = findPlace('leslieville');
    if (!place) throw new Error('Leslieville is not a bundled place');
    const expected = await storesFromApi(page, place.lat, place.lng);
    expect(expected.length).toBeGreaterThan(1);
    const shown = Math.min(await cards.count(), expected.length);
    const names = await cards.getByRole('heading').allInnerTexts();
    expect(names.slice(0, shown)).toEqual(expected.slice(0, shown).map((store) => store.name));

    const distances = (await cards.locator('.lm-distance').allInnerTexts()).map(labelToKm);
    expect(distances.length).toBe(shown);
    for (let i = 1; i < distances.length; i += 1) {
      // Labels are rounded ('1.2 km'), so equal neighbours are fine; going back down is not.
      expect(distances[i]).toBeGreaterThanOrEqual(distances[i - 1] ?? 0);
    }

    // Every card says whether the store is open, as the API decided it.
    for (let i = 0; i < Math.min(shown, 6); i += 1) {
      const store = expected[i];
      if (!store) continue;
      await expect(cards.nth(i)).toContainText(store.openState.status);
    }
    const states = await cards.locator('.lm-open-state').allInnerTexts();
    expect(states.every((text) => /^(Open now|Closed|Open 24 hours)/.test(text))).toBe(true);
  });

  test('another place reorders the list, nearest first', async ({ page }) => {
    await pickPlace(page, 'Leslieville');
    const list = page.getByRole('list', { name: STORES_LIST });
    const firstNearLeslieville = await list.getByRole('heading').first().innerText();

    await page.getByRole('link', { name: /Near Leslieville/ }).click();
    await expect(page).toHaveURL(/\/user-location$/);
    await page.getByRole('searchbox', { name: 'Search for a place' }).fill('Etobicoke');
    await page.getByRole('button', { name: /^Etobicoke/ }).click();
    await expect(page.getByRole('link', { name: /Near Etobicoke/ })).toBeVisible();

    const place = findPlace('etobicoke');
    if (!place) throw new Error('Etobicoke is not a bundled place');
    const expected = await storesFromApi(page, place.lat, place.lng);
    await expect(list.getByRole('heading').first()).toHaveText(expected[0]?.name ?? '');
    expect(expected[0]?.name).not.toBe(firstNearLeslieville);
  });

  test('"Use my location" on home takes the device position', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 43.6547, longitude: -79.4005 });
    await page.goto('/home');
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page.getByRole('link', { name: /Near Kensington Market/ })).toBeVisible();
    await expect(
      page.getByRole('list', { name: STORES_LIST }).getByRole('article').first(),
    ).toBeVisible();
  });

  test('search and the kind segment narrow the list', async ({ page }) => {
    await pickPlace(page, 'Downtown Toronto');
    const list = page.getByRole('list', { name: STORES_LIST });
    await expect(list.getByRole('article').first()).toBeVisible();

    await page.getByRole('button', { name: 'Restaurants', exact: true }).click();
    // The restaurant tree's cuisines appear as chips beside "Open now".
    const chips = page.getByRole('group', { name: 'Filters' }).getByRole('button');
    await expect.poll(() => chips.count()).toBeGreaterThan(1);
    // Restaurants open on their menu tab.
    await expect(list.getByRole('link').first()).toHaveAttribute(
      'href',
      /\/business-details\/[0-9a-f-]{36}\/menu$/,
    );

    await page.getByRole('searchbox', { name: 'Search stores' }).fill('zzzz-no-such-store');
    await expect(page.getByRole('heading', { name: 'No stores found' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(list.getByRole('article').first()).toBeVisible();
  });
});
