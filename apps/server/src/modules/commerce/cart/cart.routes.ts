import {
  addCartItemRequest,
  commerceMessages,
  commercePaths,
  idParam,
  ok,
  updateCartItemRequest,
} from '@localmart/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { rateLimitRules } from '../../rate-limit/rate-limit-rules.ts';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import { addCartItem, clearCart, removeCartItem, updateCartItem } from './cart.service.ts';
import { readCart, toCartLine } from './read-cart.ts';

const CART_ITEM = routePattern(commercePaths.cartItem(':lineId'));
const lineParams = z.object({ lineId: idParam });
const writeLimit = { rateLimit: rateLimitRules.cartWrite };

/** The signed-in shopper's cart; every answer is the whole cart, priced now. */
export const cartRoutes: ZodRoutes = async (app) => {
  app.addHook('preValidation', app.requireUser);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const cartAnswer = async (request: FastifyRequest, message: string) => {
    const cart = await readCart(app.db, request.user!.id, app.now());
    return ok({ message, results: cart.lines.map(toCartLine), result: cart.summary });
  };

  app.get(commercePaths.cart, async (request) => cartAnswer(request, commerceMessages.cartLoaded));

  app.post(
    commercePaths.cartItems,
    { schema: { body: addCartItemRequest }, config: writeLimit },
    async (request) => {
      await addCartItem(app.db, request.user!.id, request.body, app.now());
      return cartAnswer(request, commerceMessages.addedToCart);
    },
  );

  app.patch(
    CART_ITEM,
    { schema: { params: lineParams, body: updateCartItemRequest }, config: writeLimit },
    async (request) => {
      await updateCartItem(
        app.db,
        request.user!.id,
        request.params.lineId,
        request.body,
        app.now(),
      );
      return cartAnswer(request, commerceMessages.cartUpdated);
    },
  );

  app.delete(CART_ITEM, { schema: { params: lineParams }, config: writeLimit }, async (request) => {
    await removeCartItem(app.db, request.user!.id, request.params.lineId);
    return cartAnswer(request, commerceMessages.removedFromCart);
  });

  app.delete(commercePaths.cart, { config: writeLimit }, async (request) => {
    await clearCart(app.db, request.user!.id);
    return cartAnswer(request, commerceMessages.cartCleared);
  });
};
