import path from 'node:path';
import { catalogPaths, flyerListResponse } from '@localmart/contract';
import { expect, test } from '../../support/fixtures.ts';

/* Issue 4, "Must show" 1: a screenshot of the flyer viewer at phone size (390x844). */
test('flyer viewer at phone size: store, dates, zoom and the first page', async ({ page }) => {
  const response = await page.request.get(catalogPaths.flyers);
  const body = flyerListResponse.parse(await response.json());
  if (body.status !== 1 || !body.results[0]) throw new Error('the demo city has no flyers');
  const flyer = body.results[0];

  await page.goto(`/flyer-details?id=${flyer.id}`);
  await expect(page.getByRole('link', { name: flyer.business.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zoom in' })).toBeVisible();
  const firstPage = page.getByRole('figure', { name: `Page 1 of ${flyer.pageCount}` });
  await expect(firstPage).toBeVisible();
  // The first page image has loaded (eager), so the screenshot shows the flyer, not a grey box.
  await expect
    .poll(() =>
      firstPage
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  // At 100% the page fits the phone's width: nothing scrolls sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({
    path: path.join(test.info().project.outputDir, 'screenshots', 'flyer.png'),
  });
});

/* Issue 17: a flyer card says when the flyer ends, on the store's clock. */
test('flyer cards at phone size say when each flyer ends', async ({ page }) => {
  const response = await page.request.get(catalogPaths.flyers);
  const body = flyerListResponse.parse(await response.json());
  if (body.status !== 1 || !body.results[0]) throw new Error('the demo city has no flyers');
  const flyer = body.results[0];
  await page.goto(`/business-details/${flyer.business.id}/flyers`);
  const card = page.getByRole('link', { name: `${flyer.business.name}: ${flyer.title}` });
  await expect(card).toContainText(/Ends (today|tomorrow|\w{3}, \w{3} \d{1,2})/);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({
    path: path.join(test.info().project.outputDir, 'screenshots', 'flyer-card.png'),
  });
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/flyer-details\\?id=${flyer.id}$`));
  // The viewer's header says it too (Ionic keeps the store page behind it, so look in the header).
  await expect(page.locator('.lm-flyer-head-ends')).toHaveText(
    /^Ends (today|tomorrow|\w{3}, \w{3} \d{1,2})$/,
  );
});
