import { buyAgainMessages, buyAgainRequest, commercePaths, idParam, ok } from '@localmart/contract';
import { z } from 'zod';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import { rateLimitRules } from '../../rate-limit/rate-limit-rules.ts';
import { readCart, toCartLine } from '../cart/read-cart.ts';
import { buyAgain } from './buy-again.service.ts';

const ORDER_BUY_AGAIN = routePattern(commercePaths.orderBuyAgain(':orderId'));
const orderParams = z.object({ orderId: idParam });

/**
 * POST orders/{id}/buy-again: the signed-in shopper's own order goes back in their cart. Answers
 * the whole cart as every cart write does (`results`, so the badge and cart page update at once)
 * and the line-by-line report of what changed since the order.
 */
export const buyAgainRoutes: ZodRoutes = async (app) => {
  app.addHook('preValidation', app.requireUser);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    ORDER_BUY_AGAIN,
    {
      schema: { params: orderParams, body: buyAgainRequest.optional() },
      // A cart write: the same budget as Add to cart.
      config: { rateLimit: rateLimitRules.cartWrite },
    },
    async (request) => {
      const userId = request.user!.id;
      const report = await buyAgain(app.db, userId, request.params.orderId, app.now());
      const cart = await readCart(app.db, userId, app.now());
      const added = report.lines.filter((line) => line.outcome !== 'skipped').length;
      return ok({
        message: buyAgainMessages.summary(added, report.lines.length, report.orderNumber),
        results: cart.lines.map(toCartLine),
        result: {
          orderNumber: report.orderNumber,
          storeName: report.storeName,
          lines: report.lines,
          // Carts hold several stores (checkout places one order each): the shopper is told.
          otherStores: cart.summary.stores
            .filter((store) => store.id !== report.businessId)
            .map((store) => store.name),
          cart: cart.summary,
        },
      });
    },
  );
};
