import path from 'node:path';
import {
  businessDetailResponse,
  businessListResponse,
  catalogPaths,
  galleryResponse,
  type GalleryItem,
} from '@localmart/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures.ts';

/* Issue 4, "Must show" 1: the media viewer swipes, at phone size. */

async function storeGallery(
  page: Page,
  wanted: (items: GalleryItem[]) => boolean = (items) => items.length >= 3,
): Promise<{ businessId: string; items: GalleryItem[] }> {
  const response = await page.request.get(`${catalogPaths.businesses}?limit=50`);
  const list = businessListResponse.parse(await response.json());
  if (list.status !== 1) throw new Error(list.message);
  for (const store of list.results) {
    const gallery = galleryResponse.parse(
      await (await page.request.get(catalogPaths.businessGallery(store.id))).json(),
    );
    if (gallery.status === 1 && wanted(gallery.results)) {
      return { businessId: store.id, items: gallery.results };
    }
  }
  throw new Error('no demo store has the gallery this test needs');
}

test('media viewer: swipe, Next and arrow keys move one slide, with a counter', async ({
  page,
}) => {
  const { businessId, items } = await storeGallery(page);
  await page.goto(`/gallery?business=${businessId}`);
  await page.getByRole('link', { name: new RegExp(`^(Photo|Video) 1 of ${items.length}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/media-viewer\\?business=${businessId}&index=0$`));

  const viewer = page.getByRole('region', { name: 'Media viewer' });
  const counter = viewer.getByRole('status', { name: 'Slide' });
  await expect(counter).toHaveText(`1 / ${items.length}`);

  // A swipe: the scroll-snap track moves one screen width, as a finger flick does.
  await viewer.evaluate((element) => {
    const track = element.firstElementChild as HTMLElement;
    track.scrollBy({ left: track.clientWidth, behavior: 'instant' });
  });
  await expect(counter).toHaveText(`2 / ${items.length}`);
  await expect(viewer.getByText(items[1]?.caption ?? '')).toBeVisible();

  await viewer.getByRole('button', { name: 'Next' }).click();
  await expect(counter).toHaveText(`3 / ${items.length}`);

  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(`2 / ${items.length}`);

  await viewer.getByRole('button', { name: 'Previous' }).click();
  await expect(counter).toHaveText(`1 / ${items.length}`);
  await expect(viewer.getByRole('button', { name: 'Previous' })).toBeDisabled();
});

test('a gallery video shows its poster, then plays the clip', async ({ page }) => {
  const { businessId, items } = await storeGallery(page, (found) =>
    found.some((item) => item.type === 'video'),
  );
  const index = items.findIndex((item) => item.type === 'video');
  const video = items[index];
  if (video?.type !== 'video') throw new Error('no video in the gallery');
  await page.goto(`/media-viewer?business=${businessId}&index=${index}`);
  const play = page.getByRole('button', { name: `Play video: ${video.caption}` });
  await expect(play).toBeVisible();
  await play.click();
  await expect(page.getByRole('img', { name: video.caption })).toBeVisible();
});

/* Issue 17: at phone size every store tab shows its whole label, and today's hours stand out. */
test('store page at phone size: whole tab labels, today highlighted in the hours', async ({
  page,
}) => {
  const response = await page.request.get(`${catalogPaths.businesses}?kind=retail&limit=50`);
  const list = businessListResponse.parse(await response.json());
  if (list.status !== 1) throw new Error(list.message);
  // The store with the most tabs, so the row is as crowded as it gets.
  let best: { id: string; tabs: number } | null = null;
  for (const store of list.results.slice(0, 20)) {
    const detail = businessDetailResponse.parse(
      await (await page.request.get(catalogPaths.business(store.id))).json(),
    );
    if (detail.status !== 1) continue;
    // Reviews and Contact always show (ADR 0016: "no reviews yet" is worth saying too).
    const tabs = Object.values(detail.result.counts).filter((count) => count > 0).length + 2;
    if (!best || tabs > best.tabs) best = { id: store.id, tabs };
  }
  if (!best) throw new Error('the demo city has no retail store');

  await page.goto(`/business-details/${best.id}/contact`);
  const tablist = page.getByRole('tablist', { name: 'Store sections' });
  const contact = tablist.getByRole('tab', { name: 'Contact' });
  await expect(contact).toHaveAttribute('aria-selected', 'true');
  const shots = path.join(test.info().project.outputDir, 'screenshots');

  // Every tab shows its whole label on screen, without scrolling the row (it wraps).
  const onScreen = async (tab: typeof contact) => {
    const box = await tab.boundingBox();
    if (!box) throw new Error('no layout');
    const clipped = await tab.evaluate((el) => el.scrollWidth > el.clientWidth);
    return !clipped && box.x >= 0 && box.x + box.width <= 390;
  };
  const count = await tablist.getByRole('tab').count();
  expect(count).toBe(best.tabs);
  for (let index = 0; index < count; index += 1) {
    const tab = tablist.getByRole('tab').nth(index);
    expect(await onScreen(tab), await tab.innerText()).toBe(true);
  }
  await tablist.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, 'store-tabs-contact.png') });

  const table = page
    .getByRole('region', { name: 'Contact details' })
    .getByRole('table', { name: 'Opening hours' });
  const today = table.locator('tr[aria-current="date"]');
  await expect(today).toHaveCount(1);
  await expect(today).toContainText('Today');
  await table.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, 'store-hours.png') });
  // Holidays read as dates people say, never the API's YYYY-MM-DD.
  await expect(page.getByText(/Closed \d{4}-\d{2}-\d{2}/)).toHaveCount(0);
});
