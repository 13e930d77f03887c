import {
  FLYER_PAGE_FIELD,
  flyerCreateRequest,
  flyerEditMessages,
  flyerPageItemsRequest,
  flyerPageMoveRequest,
  flyerPatchRequest,
  idParam,
  managePaths,
  ok,
  STORE_IMAGE_MAX_BYTES,
} from '@localmart/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import { storeImage } from '../images/store-images.ts';
import type { ManageRouteOptions } from '../manage.routes.ts';
import { readUpload } from '../uploads.ts';
import {
  appendFlyerPage,
  createFlyer,
  deleteFlyer,
  deleteFlyerPage,
  findStoreFlyer,
  flyerOfPage,
  flyerTitleOf,
  listStoreFlyers,
  moveFlyerPage,
  replacePageItems,
  storeToday,
  updateFlyer,
} from './flyer-editing.ts';
import { foundInStore } from '../store-record.ts';

const B = ':businessId';
const FLYERS = routePattern(managePaths.flyers(B));
const FLYER = routePattern(managePaths.flyer(B, ':flyerId'));
const PAGES = routePattern(managePaths.flyerPages(B, ':flyerId'));
const PAGE = routePattern(managePaths.flyerPage(B, ':pageId'));
const PAGE_ITEMS = routePattern(managePaths.flyerPageItems(B, ':pageId'));

const storeParams = z.object({ businessId: idParam });
const flyerParams = z.object({ businessId: idParam, flyerId: idParam });
const pageParams = z.object({ businessId: idParam, pageId: idParam });

/** The record, or this area's 404 (see foundInStore). */
function found<T>(record: T | undefined | false): T {
  return foundInStore(record, flyerEditMessages.notFound);
}

/**
 * Weekly flyers (any member of the store): the flyers, their page images and the hotspots drawn on
 * each page. The store scope's guard has checked the caller; every call is scoped to
 * `request.store.businessId`. Edits answer the whole flyer so the editor redraws from one source.
 */
export const flyerEditRoutes: ZodRoutes<ManageRouteOptions> = async (app) => {
  const storeOf = (request: FastifyRequest) => request.store!.businessId;
  const todayOf = (request: FastifyRequest) => storeToday(app.db, storeOf(request), app.now());
  const flyerAnswer = async (request: FastifyRequest, flyerId: string) =>
    found(await findStoreFlyer(app.db, storeOf(request), flyerId, await todayOf(request)));

  app.get(FLYERS, { schema: { params: storeParams } }, async (request) => {
    const today = await todayOf(request);
    return { ...ok({ results: await listStoreFlyers(app.db, storeOf(request), today) }), today };
  });

  app.post(
    FLYERS,
    { schema: { params: storeParams, body: flyerCreateRequest } },
    async (request, reply) => {
      const flyerId = await createFlyer(app.db, storeOf(request), request.body);
      const flyer = await flyerAnswer(request, flyerId);
      return reply.code(201).send(ok({ message: flyerEditMessages.flyerCreated, result: flyer }));
    },
  );

  app.get(FLYER, { schema: { params: flyerParams } }, async (request) =>
    ok({ result: await flyerAnswer(request, request.params.flyerId) }),
  );

  app.patch(
    FLYER,
    { schema: { params: flyerParams, body: flyerPatchRequest } },
    async (request) => {
      const { flyerId } = request.params;
      found(await updateFlyer(app.db, storeOf(request), flyerId, request.body));
      return ok({
        message: flyerEditMessages.flyerSaved,
        result: await flyerAnswer(request, flyerId),
      });
    },
  );

  app.delete(FLYER, { schema: { params: flyerParams } }, async (request) => {
    found(await deleteFlyer(app.db, storeOf(request), request.params.flyerId));
    return ok({ message: flyerEditMessages.flyerDeleted });
  });

  app.post(PAGES, { schema: { params: flyerParams } }, async (request, reply) => {
    const { flyerId } = request.params;
    // Checked before the upload is read: no image is stored for a flyer that is not this store's.
    const title = found(await flyerTitleOf(app.db, storeOf(request), flyerId));
    const upload = await readUpload(app, request, FLYER_PAGE_FIELD, STORE_IMAGE_MAX_BYTES, {
      missing: flyerEditMessages.pageMissing,
      tooLarge: flyerEditMessages.pageTooLarge,
    });
    const image = await storeImage(app.db, {
      ownerId: request.user!.id,
      bytes: upload.bytes,
      alt: `${title} page`.slice(0, 200),
      purpose: 'flyer',
      now: app.now(),
    });
    found(await appendFlyerPage(app.db, storeOf(request), flyerId, image));
    // A flyer with a page to see: its store's followers hear of it once (modules/lists).
    await app.dealAlerts.flyerPublished(flyerId);
    const flyer = await flyerAnswer(request, flyerId);
    return reply.code(201).send(ok({ message: flyerEditMessages.pageAdded, result: flyer }));
  });

  app.patch(
    PAGE,
    { schema: { params: pageParams, body: flyerPageMoveRequest } },
    async (request) => {
      const { pageId } = request.params;
      const flyerId = found(await flyerOfPage(app.db, storeOf(request), pageId));
      found(await moveFlyerPage(app.db, storeOf(request), pageId, request.body.pageNumber));
      return ok({
        message: flyerEditMessages.pageMoved,
        result: await flyerAnswer(request, flyerId),
      });
    },
  );

  app.delete(PAGE, { schema: { params: pageParams } }, async (request) => {
    const { pageId } = request.params;
    const flyerId = found(await flyerOfPage(app.db, storeOf(request), pageId));
    found(await deleteFlyerPage(app.db, storeOf(request), pageId));
    return ok({
      message: flyerEditMessages.pageDeleted,
      result: await flyerAnswer(request, flyerId),
    });
  });

  app.put(
    PAGE_ITEMS,
    { schema: { params: pageParams, body: flyerPageItemsRequest } },
    async (request) => {
      const { pageId } = request.params;
      const flyerId = found(await flyerOfPage(app.db, storeOf(request), pageId));
      found(
        await replacePageItems(app.db, storeOf(request), pageId, request.body.items, app.now()),
      );
      return ok({
        message: flyerEditMessages.itemsSaved,
        result: await flyerAnswer(request, flyerId),
      });
    },
  );
};
