import {
  cancelOrderRequest,
  commerceMessages as m,
  commercePaths,
  idParam,
  ok,
  orderListQuery,
} from '@localmart/contract';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import { rateLimitRules } from '../../rate-limit/rate-limit-rules.ts';
import { applyOrderEffects, orderEffectsDeps } from './order-effects.ts';
import { transitionOrder } from './order-transitions.ts';
import { listOrders, orderDetail } from './orders.service.ts';
import { assertBeforeCutoff } from '../../appointments/booking.service.ts';

const ORDER = routePattern(commercePaths.order(':orderId'));
const ORDER_CANCEL = routePattern(commercePaths.orderCancel(':orderId'));
const orderParams = z.object({ orderId: idParam });

/** my-order and order-details: the signed-in shopper's own orders. */
export const orderRoutes: ZodRoutes<{ config: Config }> = async (app, { config }) => {
  app.addHook('preValidation', app.requireUser);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(commercePaths.orders, { schema: { querystring: orderListQuery } }, async (request) => {
    const page = await listOrders(app.db, request.user!.id, request.query);
    return ok({ results: page.results, result: { nextCursor: page.nextCursor } });
  });

  app.get(ORDER, { schema: { params: orderParams } }, async (request) =>
    ok({
      result: await orderDetail(app.db, request.user!.id, request.params.orderId, app.now()),
    }),
  );

  app.post(
    ORDER_CANCEL,
    {
      schema: { params: orderParams, body: cancelOrderRequest },
      config: { rateLimit: rateLimitRules.orderCancel },
    },
    async (request) => {
      const userId = request.user!.id;
      // A booked appointment is cancelled online only up to the provider's cut-off (issue 15).
      await assertBeforeCutoff(app.db, request.params.orderId, app.now());
      const change = await transitionOrder(app.db, {
        orderId: request.params.orderId,
        userId,
        to: 'cancelled',
        actor: 'shopper',
        actorUserId: userId,
        note: request.body.reason,
        now: app.now(),
        jobs: app.jobs,
      });
      await applyOrderEffects(orderEffectsDeps(app, config, request.log), [change]);
      return ok({
        message: m.orderCancelled,
        result: await orderDetail(app.db, userId, request.params.orderId, app.now()),
      });
    },
  );
};
