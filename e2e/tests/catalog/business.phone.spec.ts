import {
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
