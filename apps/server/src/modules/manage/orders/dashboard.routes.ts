import { managePaths, ok } from '@localmart/contract';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import type { ManageRouteOptions } from '../manage.routes.ts';
import { storeDashboard } from './dashboard.service.ts';

const DASHBOARD = routePattern(managePaths.dashboard(':businessId'));

/** The store's dashboard (any member): today, waiting answers, 30 days of sales, low stock. */
export const dashboardRoutes: ZodRoutes<ManageRouteOptions> = async (app) => {
  app.get(DASHBOARD, async (request) =>
    ok({ result: await storeDashboard(app.db, request.store!.businessId, app.now()) }),
  );
};
