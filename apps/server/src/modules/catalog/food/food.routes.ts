import {
  businessParams,
  catalogPaths,
  commonMessages,
  foodItemListQuery,
  menuParams,
  ok,
  okPage,
} from '@localmart/contract';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { listFoodItems } from './food-items.service.ts';
import { findMenu, listBusinessMenus } from './menus.service.ts';
import { routePattern } from '../shared/route-pattern.ts';

/** Restaurant menus (menulist, menu-details) and food items across restaurants. Public reads. */
export const foodRoutes: ZodRoutes = async (app) => {
  app.get(
    routePattern(catalogPaths.businessMenus(':businessId')),
    { schema: { params: businessParams } },
    async (request) => {
      const menus = await listBusinessMenus(app.db, request.params.businessId, app.now());
      if (!menus) throw new HttpError(404, commonMessages.notFound);
      return ok({ results: menus });
    },
  );

  app.get(
    routePattern(catalogPaths.menu(':businessId', ':menuId')),
    { schema: { params: menuParams } },
    async (request) => {
      const { businessId, menuId } = request.params;
      const menu = await findMenu(app.db, businessId, menuId, app.now());
      if (!menu) throw new HttpError(404, commonMessages.notFound);
      return ok({ result: menu });
    },
  );

  app.get(
    catalogPaths.foodItems,
    { schema: { querystring: foodItemListQuery } },
    async (request) => {
      const page = await listFoodItems(app.db, request.query, app.now());
      return okPage(page.results, page.nextCursor);
    },
  );
};
