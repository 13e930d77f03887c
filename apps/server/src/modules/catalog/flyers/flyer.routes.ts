import type { ZodRoutes } from '../../../plugins/zod.ts';

/** Weekly flyers with hotspots linked to live offers. */
export const flyerRoutes: ZodRoutes = async () => {};
