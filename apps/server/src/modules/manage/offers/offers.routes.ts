import {
  catalogProductQuerySchema,
  idParam,
  managePaths,
  offerAddSchema,
  offerListQuerySchema,
  offerPatchSchema,
  offersMessages,
  ok,
  productCreateSchema,
  STATUS_FAIL,
} from '@localmart/contract';
import { z } from 'zod';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import type { ManageRouteOptions } from '../manage.routes.ts';
import {
  addStoreOffer,
  createProductWithOffer,
  GtinTakenError,
  listStoreOffers,
  removeStoreOffer,
  searchCatalogProducts,
  updateStoreOffer,
} from './offers.service.ts';

const OFFERS = routePattern(managePaths.offers(':businessId'));
const OFFER = routePattern(managePaths.offer(':businessId', ':offerId'));
const CATALOG_PRODUCTS = routePattern(managePaths.catalogProducts(':businessId'));
const offerParams = z.object({ offerId: idParam });

/**
 * Products & stock: any member of the store lists, edits, adds and removes its offers, and may add a
 * new product to the shared catalogue with the store's offer of it. The guard has checked the store;
 * every statement below is also scoped by it, so another store's offer id is a 404.
 */
export const offerRoutes: ZodRoutes<ManageRouteOptions> = async (app) => {
  app.get(OFFERS, { schema: { querystring: offerListQuerySchema } }, async (request) => {
    const page = await listStoreOffers(app.db, request.store!.businessId, request.query);
    return { status: 1 as const, ...page };
  });

  app.post(OFFERS, { schema: { body: offerAddSchema } }, async (request, reply) => {
    const offer = await addStoreOffer(app.db, request.store!.businessId, request.body, app.now());
    return reply.code(201).send(ok({ message: offersMessages.offerAdded, result: offer }));
  });

  app.patch(OFFER, { schema: { params: offerParams, body: offerPatchSchema } }, async (request) => {
    const offer = await updateStoreOffer(
      app.db,
      request.store!.businessId,
      request.params.offerId,
      request.body,
      app.now(),
    );
    return ok({ message: offersMessages.offerSaved, result: offer });
  });

  app.delete(OFFER, { schema: { params: offerParams } }, async (request) => {
    await removeStoreOffer(app.db, request.store!.businessId, request.params.offerId);
    return ok({ message: offersMessages.offerRemoved });
  });

  app.get(
    CATALOG_PRODUCTS,
    { schema: { querystring: catalogProductQuerySchema } },
    async (request) =>
      ok({
        results: await searchCatalogProducts(app.db, request.store!.businessId, request.query.q),
      }),
  );

  app.post(CATALOG_PRODUCTS, { schema: { body: productCreateSchema } }, async (request, reply) => {
    try {
      const offer = await createProductWithOffer(
        app.db,
        request.store!.businessId,
        request.body,
        app.now(),
      );
      return await reply
        .code(201)
        .send(ok({ message: offersMessages.productCreated, result: offer }));
    } catch (error) {
      // The existing product's id travels with the refusal, so the form can offer "add it instead".
      if (!(error instanceof GtinTakenError)) throw error;
      return reply.code(409).send({
        status: STATUS_FAIL,
        message: error.message,
        result: { productId: error.productId },
      });
    }
  });
};
