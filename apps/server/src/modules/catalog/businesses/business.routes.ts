import type { ZodRoutes } from '../../../plugins/zod.ts';

/** Stores (home, business-details, teams, gallery, contacts) and category trees. */
export const businessRoutes: ZodRoutes = async () => {};
