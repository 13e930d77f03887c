import {
  API_BASE,
  type ImageRef,
  PRODUCT_IMAGES_MAX,
  storeProductMessages,
} from '@localmart/contract';
import { type SQLWrapper, and, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../db/client.ts';
import { media } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';

/** Our own media store's address of an upload: `/api/v1/media/<uuid>`. */
export const MEDIA_URL = new RegExp(
  `^${API_BASE.replace(/[/.]/g, '\\$&')}/media/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`,
  'i',
);

export interface UploadedImagesRule {
  /** A query of the ids of the users whose uploads may be used (a store's members, a brand's members). */
  uploaderIds: SQLWrapper;
  /** The refusal of a picture that is not one of our uploads, in the words of who reads it. */
  fromElsewhere: string;
}

/**
 * The photos that may be saved on a product (ADR 0020, 0022): each one already on the product (demo
 * images stay as they are), or an image one of `uploaderIds` uploaded to our media store. Anything
 * else (a picture on another site, someone else's upload, a made-up id) is refused, and each size
 * comes from the stored bytes, not from what the form claims. One rule for stores and brands.
 */
export async function checkedUploadedImages(
  db: Database,
  images: readonly ImageRef[],
  alreadyOnProduct: readonly ImageRef[],
  rule: UploadedImagesRule,
): Promise<ImageRef[]> {
  if (images.length > PRODUCT_IMAGES_MAX) {
    throw new HttpError(400, storeProductMessages.tooManyImages);
  }
  const kept = new Map(alreadyOnProduct.map((image) => [image.url, image]));
  const mediaIds = new Map<string, string>();
  for (const image of images) {
    if (kept.has(image.url)) continue;
    const match = MEDIA_URL.exec(image.url);
    if (!match) throw new HttpError(400, rule.fromElsewhere);
    mediaIds.set(image.url, match[1]!.toLowerCase());
  }
  const ids = [...new Set(mediaIds.values())];
  const stored = ids.length
    ? await db
        .select({ id: media.id, bytes: media.bytes })
        .from(media)
        .where(and(inArray(media.id, ids), inArray(media.ownerId, rule.uploaderIds)))
    : [];
  const sizes = new Map<string, { width: number; height: number }>();
  for (const row of stored) {
    const meta = await sharp(row.bytes).metadata();
    if (meta.width && meta.height) sizes.set(row.id, { width: meta.width, height: meta.height });
  }
  return images.map((image) => {
    const old = kept.get(image.url);
    if (old) return { ...old, alt: image.alt };
    const size = sizes.get(mediaIds.get(image.url)!);
    if (!size) throw new HttpError(400, storeProductMessages.imageUnknown);
    return { url: image.url, ...size, alt: image.alt };
  });
}
