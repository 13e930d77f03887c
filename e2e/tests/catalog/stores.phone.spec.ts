import path from 'node:path';
import { expect, test } from '../../support/fixtures.ts';

/* Issue 4, "Must show" 1: a screenshot of home at phone size (390x844) that looks like a real shop. */
test('home at phone size: location bar, filters and store cards', async ({ page }) => {
  await page.goto('/user-location');
  await page.getByRole('searchbox', { name: 'Search for a place' }).fill('Downtown Toronto');
  await page.getByRole('button', { name: /^Downtown Toronto/ }).click();
  await expect(page).toHaveURL(/\/home$/);

  await expect(page.getByRole('link', { name: /Near Downtown Toronto/ })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Stores near you' }).getByRole('article');
  await expect(cards.first()).toBeVisible();
  // The first cover has loaded (eager), so the screenshot shows the real card, not a grey box.
  await expect
    .poll(() =>
      cards
        .first()
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  // A card fits the phone's width: nothing scrolls sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // test-results/ at the repository root (the config's outputDir), wherever Playwright runs from.
  await page.screenshot({
    path: path.join(test.info().project.outputDir, 'screenshots', 'home.png'),
  });
});
