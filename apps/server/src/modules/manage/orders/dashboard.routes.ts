import { managePaths, ok, ordersExportQuery } from '@localmart/contract';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import type { ManageRouteOptions } from '../manage.routes.ts';
import { storeDashboard } from './dashboard.service.ts';
import { ordersExportCsv } from './orders-export.service.ts';

const DASHBOARD = routePattern(managePaths.dashboard(':businessId'));
const ORDERS_EXPORT = routePattern(managePaths.ordersExport(':businessId'));

/**
 * The store's dashboard (any member): today, waiting answers, 30 days of sales, tax and orders by
 * status, low stock; and the orders export for a date range (owner).
 */
export const dashboardRoutes: ZodRoutes<ManageRouteOptions> = async (app) => {
  app.get(DASHBOARD, async (request) =>
    ok({ result: await storeDashboard(app.db, request.store!.businessId, app.now()) }),
  );

  // Owners only: the export names every customer of the range (least privilege for staff).
  app.get(
    ORDERS_EXPORT,
    { config: { role: 'owner' }, schema: { querystring: ordersExportQuery } },
    async (request, reply) => {
      const file = await ordersExportCsv(app.db, request.store!.businessId, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.csv);
    },
  );
};
