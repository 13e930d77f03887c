import type { ZodRoutes } from '../../../plugins/zod.ts';

/** Products search and product details with every store's offer. */
export const productRoutes: ZodRoutes = async () => {};
