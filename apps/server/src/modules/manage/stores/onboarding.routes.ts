import { createStoreRequest, managePaths, ok, storeMessages } from '@localmart/contract';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { keyedLimit } from '../../rate-limit/keyed-limit.ts';
import { createStorePerUser, rateLimitRules } from '../../rate-limit/rate-limit-rules.ts';
import type { ManageRouteOptions } from '../manage.routes.ts';
import { createStore } from './onboarding.service.ts';

/**
 * User scope (any signed-in user; manage.routes.ts puts the sign-in check in front): POST
 * businesses creates a store, pending approval, with the caller as its owner.
 */
export const onboardingRoutes: ZodRoutes<ManageRouteOptions> = async (app) => {
  // Each new store waits in an admin's queue: one account may only make so many, whatever its IP.
  const limitPerUser = keyedLimit(
    app,
    createStorePerUser,
    (request) => `${rateLimitRules.createStore.name}:user:${request.user!.id}`,
  );

  app.post(
    managePaths.businesses,
    {
      schema: { body: createStoreRequest },
      config: { rateLimit: rateLimitRules.createStore },
      preHandler: limitPerUser,
    },
    async (request, reply) => {
      const created = await createStore(app.db, {
        userId: request.user!.id,
        store: request.body,
        now: app.now(),
      });
      return reply.code(201).send(ok({ message: storeMessages.created, result: created }));
    },
  );
};
