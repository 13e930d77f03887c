import {
  idParam,
  ok,
  orderChangesRequest,
  substituteOffersQuery,
  substitutionMessages as sm,
  substitutionPaths,
} from '@localmart/contract';
import { z } from 'zod';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import { changeOrderLines } from '../../commerce/fulfilment/order-changes.service.ts';
import { listSubstituteOffers } from '../../commerce/fulfilment/substitute-offers.ts';
import { orderEffectsDeps } from '../../commerce/orders/order-effects.ts';
import type { ManageRouteOptions } from '../manage.routes.ts';
import { storeOrderDetail } from './store-orders.service.ts';

/**
 * Partial fulfilment (issue 15), store scope: change an order's lines (accepting a new order with
 * changes, or later until it is ready) and find the store's own offers to propose as substitutes.
 */
export const orderChangeRoutes: ZodRoutes<ManageRouteOptions> = async (app, { config }) => {
  app.post(
    routePattern(substitutionPaths.storeChanges(':businessId', ':orderId')),
    { schema: { params: z.object({ orderId: idParam }), body: orderChangesRequest } },
    async (request) => {
      const { businessId } = request.store!;
      const { accepted } = await changeOrderLines(
        orderEffectsDeps(app, config, request.log),
        businessId,
        request.params.orderId,
        request.body,
        request.user?.id,
      );
      return ok({
        message: accepted ? sm.acceptedWithChanges : sm.changesSaved,
        result: await storeOrderDetail(app.db, businessId, request.params.orderId, app.now()),
      });
    },
  );

  app.get(
    routePattern(substitutionPaths.storeSubstituteOffers(':businessId')),
    { schema: { querystring: substituteOffersQuery } },
    async (request) =>
      ok({
        results: await listSubstituteOffers(
          app.db,
          request.store!.businessId,
          request.query.q,
          app.now(),
        ),
      }),
  );
};
