import {
  idParam,
  ok,
  substitutionDecisionRequest,
  substitutionMessages as sm,
  substitutionPaths,
  substitutionPreferenceRequest,
} from '@localmart/contract';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import { orderEffectsDeps } from '../orders/order-effects.ts';
import { orderDetail } from '../orders/orders.service.ts';
import { decideSubstitution } from './order-changes.service.ts';
import {
  setCartLineSubstitution,
  setShopperSubstitutionDefault,
  shopperSubstitutionDefault,
} from './preferences.service.ts';

const DECIDE = routePattern(substitutionPaths.decide(':orderId', ':substitutionId'));
const CART_LINE = routePattern(substitutionPaths.cartLine(':lineId'));

/**
 * The shopper's side of substitutions (issue 15): a cart line's preference, the remembered default,
 * and the answer to a store's proposed substitute.
 */
export const substitutionRoutes: ZodRoutes<{ config: Config }> = async (app, { config }) => {
  app.addHook('preValidation', app.requireUser);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.put(
    CART_LINE,
    { schema: { params: z.object({ lineId: idParam }), body: substitutionPreferenceRequest } },
    async (request) => {
      await setCartLineSubstitution(
        app.db,
        request.user!.id,
        request.params.lineId,
        request.body.substitution,
        app.now(),
      );
      return ok({
        message: sm.preferenceSaved,
        result: { substitution: request.body.substitution },
      });
    },
  );

  app.get(substitutionPaths.shopperDefault, async (request) =>
    ok({ result: { substitution: await shopperSubstitutionDefault(app.db, request.user!.id) } }),
  );

  app.put(
    substitutionPaths.shopperDefault,
    { schema: { body: substitutionPreferenceRequest } },
    async (request) => {
      await setShopperSubstitutionDefault(
        app.db,
        request.user!.id,
        request.body.substitution,
        app.now(),
      );
      return ok({
        message: sm.preferenceSaved,
        result: { substitution: request.body.substitution },
      });
    },
  );

  app.post(
    DECIDE,
    {
      schema: {
        params: z.object({ orderId: idParam, substitutionId: idParam }),
        body: substitutionDecisionRequest,
      },
    },
    async (request) => {
      const userId = request.user!.id;
      const approve = request.body.decision === 'approved';
      await decideSubstitution(
        orderEffectsDeps(app, config, request.log),
        userId,
        request.params.orderId,
        request.params.substitutionId,
        approve,
      );
      return ok({
        message: approve ? sm.approved : sm.rejected,
        result: await orderDetail(app.db, userId, request.params.orderId, app.now()),
      });
    },
  );
};
