import type { ZodRoutes } from '../../../plugins/zod.ts';

/** Restaurant menus and food items. */
export const foodRoutes: ZodRoutes = async () => {};
