import {
  catalogPaths,
  detailNearQuery,
  commonMessages,
  ok,
  okPage,
  serviceListQuery,
  serviceParams,
} from '@localmart/contract';
import { HttpError } from '../../../plugins/errors.ts';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { routePattern } from '../shared/route-pattern.ts';
import { findService, listServices } from './services.service.ts';

/** Services of service providers (servicelist, service-details). Public reads. */
export const serviceRoutes: ZodRoutes = async (app) => {
  app.get(catalogPaths.services, { schema: { querystring: serviceListQuery } }, async (request) => {
    const page = await listServices(app.db, request.query, app.now());
    return okPage(page.results, page.nextCursor);
  });

  app.get(
    routePattern(catalogPaths.service(':businessId', ':serviceId')),
    { schema: { params: serviceParams, querystring: detailNearQuery } },
    async (request) => {
      const { businessId, serviceId } = request.params;
      const { lat, lng } = request.query;
      const near = lat !== undefined && lng !== undefined ? { lat, lng } : null;
      const service = await findService(app.db, businessId, serviceId, app.now(), near);
      if (!service) throw new HttpError(404, commonMessages.notFound);
      return ok({ result: service });
    },
  );
};
