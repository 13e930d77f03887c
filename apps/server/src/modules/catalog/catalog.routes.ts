import type { ZodRoutes } from '../../plugins/zod.ts';
import { businessRoutes } from './businesses/business.routes.ts';
import { flyerRoutes } from './flyers/flyer.routes.ts';
import { foodRoutes } from './food/food.routes.ts';
import { productRoutes } from './products/product.routes.ts';
import { serviceRoutes } from './services/service.routes.ts';

/** The catalogue API (catalogue issue): public reads, plus the store contact form. */
export const catalogRoutes: ZodRoutes<{ appName: string }> = async (app, { appName }) => {
  await app.register(businessRoutes, { appName });
  await app.register(productRoutes);
  await app.register(foodRoutes);
  await app.register(serviceRoutes);
  await app.register(flyerRoutes);
};
