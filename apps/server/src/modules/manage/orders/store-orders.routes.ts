import {
  acceptOrderRequest,
  completeOrderRequest,
  declineOrderRequest,
  emptyOrderActionRequest,
  idParam,
  managePaths,
  ok,
  pickupCodeLookupQuery,
  priceMatchDecisionRequest,
  storeOrderListQuery,
  storeOrderMessages as sm,
} from '@localmart/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { orderEffectsDeps } from '../../commerce/orders/order-effects.ts';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import { keyedLimit } from '../../rate-limit/keyed-limit.ts';
import { pickupCodePerStore, rateLimitRules } from '../../rate-limit/rate-limit-rules.ts';
import type { ManageRouteOptions } from '../manage.routes.ts';
import {
  acceptOrder,
  completeOrder,
  declineOrder,
  findByPickupCode,
  listStoreOrders,
  markNoShow,
  markOutForDelivery,
  markReady,
  type StoreMoveDeps,
  storeOrderDetail,
} from './store-orders.service.ts';
import { decideStorePriceMatch, listStorePriceMatches } from './store-price-matches.service.ts';

const ORDERS = routePattern(managePaths.orders(':businessId'));
const ORDER = routePattern(managePaths.order(':businessId', ':orderId'));
const BY_PICKUP_CODE = routePattern(managePaths.orderByPickupCode(':businessId'));
const PRICE_MATCHES = routePattern(managePaths.priceMatches(':businessId'));
const PRICE_MATCH_DECISION = routePattern(
  managePaths.priceMatchDecision(':businessId', ':requestId'),
);
const orderParams = z.object({ orderId: idParam });
const requestParams = z.object({ requestId: idParam });

/**
 * The store's order inbox (store scope: the guard has checked membership; every statement is
 * scoped by request.store, so another store's order is a 404). Every move answers the updated
 * order and a message; illegal moves are the state machine's 409.
 */
export const storeOrderRoutes: ZodRoutes<ManageRouteOptions> = async (app, { config }) => {
  const brand = { appName: config.appName, appUrl: config.appUrl };
  // Each move names the member who made it on the order's timeline (issue 15).
  const deps = (request: FastifyRequest): StoreMoveDeps => ({
    ...orderEffectsDeps(app, config),
    actorUserId: request.user?.id,
  });

  // Pickup codes are short: each store gets so many checks, whatever the IP, so they cannot be walked.
  const limitPickupChecks = keyedLimit(
    app,
    pickupCodePerStore,
    (request) => `${rateLimitRules.pickupCode.name}:store:${request.store!.businessId}`,
  );

  const answer = async (businessId: string, orderId: string, message: string) =>
    ok({ message, result: await storeOrderDetail(app.db, businessId, orderId, app.now()) });

  app.get(ORDERS, { schema: { querystring: storeOrderListQuery } }, async (request) => {
    const page = await listStoreOrders(app.db, request.store!.businessId, request.query);
    return ok({
      results: page.results,
      result: { nextCursor: page.nextCursor, counts: page.counts },
    });
  });

  app.get(
    BY_PICKUP_CODE,
    {
      schema: { querystring: pickupCodeLookupQuery },
      config: { rateLimit: rateLimitRules.pickupCode },
      preHandler: limitPickupChecks,
    },
    async (request) =>
      ok({ result: await findByPickupCode(app.db, request.store!.businessId, request.query.code) }),
  );

  app.get(ORDER, { schema: { params: orderParams } }, async (request) =>
    ok({
      result: await storeOrderDetail(
        app.db,
        request.store!.businessId,
        request.params.orderId,
        app.now(),
      ),
    }),
  );

  app.post(
    routePattern(managePaths.orderAccept(':businessId', ':orderId')),
    { schema: { params: orderParams, body: acceptOrderRequest } },
    async (request) => {
      const { businessId } = request.store!;
      await acceptOrder(deps(request), businessId, request.params.orderId, request.body.readyBy);
      return answer(businessId, request.params.orderId, sm.accepted);
    },
  );

  app.post(
    routePattern(managePaths.orderDecline(':businessId', ':orderId')),
    { schema: { params: orderParams, body: declineOrderRequest } },
    async (request) => {
      const { businessId } = request.store!;
      await declineOrder(deps(request), businessId, request.params.orderId, request.body);
      return answer(businessId, request.params.orderId, sm.declined);
    },
  );

  app.post(
    routePattern(managePaths.orderReady(':businessId', ':orderId')),
    { schema: { params: orderParams, body: emptyOrderActionRequest.optional() } },
    async (request) => {
      const { businessId } = request.store!;
      await markReady(deps(request), businessId, request.params.orderId);
      return answer(businessId, request.params.orderId, sm.markedReady);
    },
  );

  app.post(
    routePattern(managePaths.orderOutForDelivery(':businessId', ':orderId')),
    { schema: { params: orderParams, body: emptyOrderActionRequest.optional() } },
    async (request) => {
      const { businessId } = request.store!;
      await markOutForDelivery(deps(request), businessId, request.params.orderId);
      return answer(businessId, request.params.orderId, sm.outForDelivery);
    },
  );

  app.post(
    routePattern(managePaths.orderComplete(':businessId', ':orderId')),
    {
      schema: { params: orderParams, body: completeOrderRequest },
      config: { rateLimit: rateLimitRules.pickupCode },
      preHandler: limitPickupChecks,
    },
    async (request) => {
      const { businessId } = request.store!;
      await completeOrder(
        deps(request),
        businessId,
        request.params.orderId,
        request.body.pickupCode,
      );
      return answer(businessId, request.params.orderId, sm.completed);
    },
  );

  app.post(
    routePattern(managePaths.orderNoShow(':businessId', ':orderId')),
    { schema: { params: orderParams, body: emptyOrderActionRequest.optional() } },
    async (request) => {
      const { businessId } = request.store!;
      await markNoShow(deps(request), businessId, request.params.orderId);
      return answer(businessId, request.params.orderId, sm.noShow);
    },
  );

  app.get(PRICE_MATCHES, async (request) =>
    ok({ results: await listStorePriceMatches(app.db, request.store!.businessId, app.now()) }),
  );

  app.post(
    PRICE_MATCH_DECISION,
    { schema: { params: requestParams, body: priceMatchDecisionRequest } },
    async (request) => {
      const approve = request.body.decision === 'approved';
      const match = await decideStorePriceMatch(
        { db: app.db, mailer: app.mailer, brand, now: app.now() },
        {
          businessId: request.store!.businessId,
          requestId: request.params.requestId,
          approve,
          note: request.body.note ?? null,
        },
      );
      return ok({
        message: approve ? sm.priceMatchApproved : sm.priceMatchDeclined,
        result: match,
      });
    },
  );
};
