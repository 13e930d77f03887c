import {
  catalogProductQuerySchema,
  idParam,
  managePaths,
  offerAddSchema,
  offerListQuerySchema,
  offerPatchSchema,
  offersMessages,
  ok,
  productContentSchema,
  productCreateSchema,
  STATUS_FAIL,
  storeProductMessages,
  storeProductPaths,
  variantAddSchema,
  variantMessages,
  variantPatchSchema,
  variantPaths,
} from '@localmart/contract';
import { z } from 'zod';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import type { ManageRouteOptions } from '../manage.routes.ts';
import { offerBeforeOf } from '../../lists/offer-before.ts';
import {
  addStoreOffer,
  createProductWithOffer,
  findStoreOffer,
  GtinTakenError,
  listStoreOffers,
  removeStoreOffer,
  searchCatalogProducts,
  updateStoreOffer,
} from './offers.service.ts';
import { findStoreProduct, updateStoreProduct } from './product-content.ts';
import { addVariant, removeVariant, updateVariant } from './product-variants.ts';

const OFFERS = routePattern(managePaths.offers(':businessId'));
const OFFER = routePattern(managePaths.offer(':businessId', ':offerId'));
const CATALOG_PRODUCTS = routePattern(managePaths.catalogProducts(':businessId'));
const PRODUCT = routePattern(storeProductPaths.product(':businessId', ':productId'));
const VARIANTS = routePattern(variantPaths.variants(':businessId', ':productId'));
const VARIANT = routePattern(variantPaths.variant(':businessId', ':productId', ':variantId'));
const offerParams = z.object({ offerId: idParam });
const variantParams = z.object({ productId: idParam, variantId: idParam });
const productParams = z.object({ productId: idParam });

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
    const { businessId } = request.store!;
    const now = app.now();
    // What shoppers saw before the edit, for the deal alerts' comparison (modules/lists).
    const before = await findStoreOffer(app.db, businessId, request.params.offerId);
    const offer = await updateStoreOffer(
      app.db,
      businessId,
      request.params.offerId,
      request.body,
      now,
    );
    // After the commit: a price drop or restock is told to followers by a job, not by this request.
    if (before) {
      await app.dealAlerts.storeOffersChanged({ businessId, before: [offerBeforeOf(before, now)] });
    }
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
      const created = await createProductWithOffer(
        app.db,
        request.store!.businessId,
        request.body,
        app.now(),
      );
      return await reply.code(201).send(ok({ message: created.message, result: created.offer }));
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

  // The product editor: any member reads the content of a product the store sells, and changes it
  // when the store wrote it and nobody confirmed it yet (ADR 0020).
  app.get(PRODUCT, { schema: { params: productParams } }, async (request) =>
    ok({
      result: await findStoreProduct(app.db, request.store!.businessId, request.params.productId),
    }),
  );

  app.put(
    PRODUCT,
    { schema: { params: productParams, body: productContentSchema } },
    async (request) => {
      const product = await updateStoreProduct(
        app.db,
        request.store!.businessId,
        request.params.productId,
        request.body,
        app.now(),
      );
      return ok({ message: storeProductMessages.productSaved, result: product });
    },
  );

  // Sizes of the store's own product (ADR 0020): each is its own product and offer.
  app.post(
    VARIANTS,
    { schema: { params: productParams, body: variantAddSchema } },
    async (request, reply) => {
      const results = await addVariant(
        app.db,
        request.store!.businessId,
        request.params.productId,
        request.body,
        app.now(),
      );
      return reply.code(201).send(ok({ message: variantMessages.variantAdded, results }));
    },
  );

  app.patch(
    VARIANT,
    { schema: { params: variantParams, body: variantPatchSchema } },
    async (request) => {
      const { businessId } = request.store!;
      const { productId, variantId } = request.params;
      const now = app.now();
      // What shoppers saw of this size before the edit, for the deal alerts (as the offers PATCH).
      const before = await findStoreProduct(app.db, businessId, variantId)
        .then((size) => findStoreOffer(app.db, businessId, size.offerId))
        .catch(() => null);
      const results = await updateVariant(
        app.db,
        businessId,
        productId,
        variantId,
        request.body,
        now,
      );
      // After the commit: a size's price drop or restock reaches followers like any offer's.
      if (before) {
        await app.dealAlerts.storeOffersChanged({
          businessId,
          before: [offerBeforeOf(before, now)],
        });
      }
      return ok({ message: variantMessages.variantSaved, results });
    },
  );

  app.delete(VARIANT, { schema: { params: variantParams } }, async (request) => {
    const results = await removeVariant(
      app.db,
      request.store!.businessId,
      request.params.productId,
      request.params.variantId,
    );
    return ok({ message: variantMessages.variantRemoved, results });
  });
};
