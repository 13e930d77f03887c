import { livePaths, ok, storeAlertMessages, storeAlertPreferences } from '@localmart/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../../plugins/errors.ts';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import type { ManageRouteOptions } from '../manage.routes.ts';
import {
  memberAlertPreferences,
  saveMemberAlertPreferences,
} from './store-alert-preferences.service.ts';

const PREFERENCES = routePattern(livePaths.storeAlertPreferences(':businessId'));

/**
 * The signed-in member's email alerts for a store (store scope: the guard has checked membership).
 * A platform admin who is not a member has none to choose: 404 in words.
 */
export const storeAlertRoutes: ZodRoutes<ManageRouteOptions> = async (app) => {
  const memberOf = (request: FastifyRequest) => {
    const store = request.store!;
    if (store.access === 'admin') throw new HttpError(404, storeAlertMessages.membersOnly);
    return { businessId: store.businessId, userId: request.user!.id };
  };

  app.get(PREFERENCES, async (request) => {
    const { businessId, userId } = memberOf(request);
    return ok({ result: await memberAlertPreferences(app.db, businessId, userId) });
  });

  app.put(PREFERENCES, { schema: { body: storeAlertPreferences } }, async (request) => {
    const { businessId, userId } = memberOf(request);
    const saved = await saveMemberAlertPreferences(
      app.db,
      businessId,
      userId,
      request.body,
      app.now(),
    );
    return ok({ message: storeAlertMessages.saved, result: saved });
  });
};
