import {
  apiPaths,
  FLYER_PAGE_MAX_SIDE,
  type ImageRef,
  STORE_IMAGE_MAX_SIDE,
  storeImageMessages,
} from '@localmart/contract';
import sharp from 'sharp';
import type { Database } from '../../../db/client.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { detectImageType } from '../../media/image-type.ts';
import { saveMedia } from '../../media/media.service.ts';

export type StoreImagePurpose = 'default' | 'flyer';

/**
 * Turns an uploaded photo into the copy shoppers load: decoded (which proves it is an image),
 * rotated by its EXIF orientation, stripped of metadata (camera GPS must not leak), shrunk to fit
 * `maxSide`, and re-encoded as WebP. Returns the bytes with their pixel size.
 */
export async function webSizedImage(
  bytes: Buffer,
  purpose: StoreImagePurpose = 'default',
): Promise<{ bytes: Buffer; width: number; height: number }> {
  if (!detectImageType(bytes)) throw new HttpError(415, storeImageMessages.wrongType);
  const maxSide = purpose === 'flyer' ? FLYER_PAGE_MAX_SIDE : STORE_IMAGE_MAX_SIDE;
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw new HttpError(400, storeImageMessages.unreadable);
  }
}

/** Resizes and stores an uploaded image; the answer is the ImageRef a store record keeps. */
export async function storeImage(
  db: Database,
  input: { ownerId: string; bytes: Buffer; alt: string; purpose?: StoreImagePurpose; now: Date },
): Promise<ImageRef> {
  const image = await webSizedImage(input.bytes, input.purpose);
  const id = await saveMedia(db, {
    ownerId: input.ownerId,
    contentType: 'image/webp',
    bytes: image.bytes,
    now: input.now,
  });
  return { url: apiPaths.media(id), width: image.width, height: image.height, alt: input.alt };
}
