import {
  catalogItemParams,
  catalogPaths,
  commonMessages,
  flyerListQuery,
  ok,
  okPage,
} from '@localmart/contract';
import { HttpError } from '../../../plugins/errors.ts';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { routePattern } from '../shared/route-pattern.ts';
import { findFlyer, listFlyers } from './flyers.service.ts';

/** Weekly flyers (flyerlist, flyer-details) with hotspots linked to live offers. Public reads. */
export const flyerRoutes: ZodRoutes = async (app) => {
  app.get(catalogPaths.flyers, { schema: { querystring: flyerListQuery } }, async (request) => {
    const page = await listFlyers(app.db, request.query, app.now());
    return okPage(page.results, page.nextCursor);
  });

  app.get(
    routePattern(catalogPaths.flyer(':id')),
    { schema: { params: catalogItemParams } },
    async (request) => {
      const flyer = await findFlyer(app.db, request.params.id, app.now());
      if (!flyer) throw new HttpError(404, commonMessages.notFound);
      return ok({ result: flyer });
    },
  );
};
