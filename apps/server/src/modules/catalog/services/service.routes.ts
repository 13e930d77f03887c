import type { ZodRoutes } from '../../../plugins/zod.ts';

/** Services of service providers. */
export const serviceRoutes: ZodRoutes = async () => {};
