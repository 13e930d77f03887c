import { successEnvelopeSchema } from '../envelope.ts';
import { imageSchema } from '../catalog/schemas/common.ts';

/**
 * Store images (logo, cover, products, menu items, services, gallery, team, flyer pages): uploaded
 * once, checked by their bytes, resized on the server into web sizes. The largest side is capped so a
 * 6000 px camera photo never reaches a phone; the stored ImageRef points at the web-size copy.
 */
export const STORE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
export const STORE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Longest side of the stored copy, px; flyer pages keep more detail for zooming. */
export const STORE_IMAGE_MAX_SIDE = 1600;
export const FLYER_PAGE_MAX_SIDE = 2400;
/** The multipart field carrying the image. */
export const STORE_IMAGE_FIELD = 'image';
/** Optional multipart field: 'flyer' keeps the larger size. */
export const STORE_IMAGE_PURPOSE_FIELD = 'purpose';

export const storeImageMessages = {
  missing: 'Choose an image to upload.',
  tooLarge: `Images can be at most ${STORE_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
  wrongType: 'Upload a JPEG, PNG or WebP image.',
  unreadable: 'That image could not be read. Try another file.',
  uploaded: 'Image uploaded',
} as const;

export const storeImageResponse = successEnvelopeSchema({ result: imageSchema });
