import path from 'node:path';
import { DEFAULT_PLACE } from '@localmart/contract';
import { expect, test } from '../../support/fixtures.ts';

/* Food at phone size (390x844): the dish sheet fits the screen and the menu never scrolls sideways. */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    'lm_location',
    JSON.stringify({
      lat: DEFAULT_PLACE.lat,
      lng: DEFAULT_PLACE.lng,
      label: DEFAULT_PLACE.name,
      source: 'place',
    }),
  ] as const);
});

test('a menu and a dish sheet at phone size', async ({ page }) => {
  await page.goto('/menulist');
  await page.getByRole('list', { name: 'Restaurants' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/menu-details\//);
  const sections = page.getByRole('navigation', { name: 'Menu sections' });
  await expect(sections).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // The last section's shortcut brings that section's heading into view.
  const last = sections.getByRole('button').last();
  const name = (await last.textContent()) ?? '';
  await last.click();
  await expect(page.getByRole('heading', { level: 3, name, exact: true })).toBeInViewport();

  await page.getByRole('region', { name, exact: true }).getByRole('button').first().click();
  const sheet = page.getByRole('dialog');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('status', { name: 'Total' })).toBeVisible();
  const box = await sheet.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(390);
  await page.screenshot({
    path: path.join(test.info().project.outputDir, 'screenshots', 'menu-item-sheet-phone.png'),
  });
});
