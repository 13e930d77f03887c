import {
  managePaths,
  ok,
  STORE_IMAGE_FIELD,
  STORE_IMAGE_MAX_BYTES,
  STORE_IMAGE_PURPOSE_FIELD,
  storeImageMessages,
} from '@localmart/contract';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import type { ManageRouteOptions } from '../manage.routes.ts';
import { readUpload } from '../uploads.ts';
import { storeImage } from './store-images.ts';

const IMAGES = routePattern(managePaths.images(':businessId'));

/**
 * POST multipart `image` (and optional `alt`, `purpose`): any member uploads a store image and gets
 * back the ImageRef to save on a product, menu item, service, gallery item, team member or flyer page.
 */
export const storeImageRoutes: ZodRoutes<ManageRouteOptions> = async (app) => {
  app.post(IMAGES, async (request) => {
    const upload = await readUpload(app, request, STORE_IMAGE_FIELD, STORE_IMAGE_MAX_BYTES, {
      missing: storeImageMessages.missing,
      tooLarge: storeImageMessages.tooLarge,
    });
    const image = await storeImage(app.db, {
      ownerId: request.user!.id,
      bytes: upload.bytes,
      alt: (upload.fields.alt ?? '').slice(0, 200),
      purpose: upload.fields[STORE_IMAGE_PURPOSE_FIELD] === 'flyer' ? 'flyer' : 'default',
      now: app.now(),
    });
    return ok({ message: storeImageMessages.uploaded, result: image });
  });
};
