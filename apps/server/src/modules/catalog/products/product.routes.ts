import {
  catalogItemParams,
  catalogPaths,
  commonMessages,
  fail,
  ok,
  okPage,
  productDetailQuery,
  productListQuery,
} from '@localmart/contract';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { listProducts } from './product-list.service.ts';
import { findProductDetail } from './product.service.ts';

/** Products search and product details with every store's offer. Public reads. */
export const productRoutes: ZodRoutes = async (app) => {
  app.get(catalogPaths.products, { schema: { querystring: productListQuery } }, async (request) => {
    const page = await listProducts(app.db, request.query, app.now());
    return {
      ...okPage(page.results, page.nextCursor, commonMessages.ok),
      correctedQuery: page.correctedQuery,
    };
  });

  app.get(
    `${catalogPaths.products}/:id`,
    { schema: { params: catalogItemParams, querystring: productDetailQuery } },
    async (request, reply) => {
      const { lat, lng } = request.query;
      const location = lat === undefined || lng === undefined ? null : { lat, lng };
      const product = await findProductDetail(app.db, request.params.id, location, app.now());
      if (!product) return reply.code(404).send(fail(commonMessages.notFound));
      return ok({ message: commonMessages.ok, result: product });
    },
  );
};
