import {
  type ImageRef,
  managePaths,
  STORE_IMAGE_FIELD,
  storeImageResponse,
} from '@localmart/contract';
import { http, type HttpClient } from '../../lib/http.ts';
import { resultOf } from './api-answer.ts';

/**
 * POST images: one picture of the store (logo, cover, dish, gallery photo, portrait, product); the
 * server checks type and size, resizes it and answers the ImageRef to save on the record.
 */
export async function uploadStoreImage(
  businessId: string,
  file: File,
  alt: string,
  client: HttpClient = http,
): Promise<ImageRef> {
  const form = new FormData();
  form.append('alt', alt);
  form.append(STORE_IMAGE_FIELD, file);
  return resultOf(await client.upload(managePaths.images(businessId), form, storeImageResponse));
}
