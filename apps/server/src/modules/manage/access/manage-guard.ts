import {
  accessAllows,
  idParam,
  manageMessages,
  type RequiredRole,
  type StoreAccess,
} from '@localmart/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../../plugins/errors.ts';
import { isAdmin, storeAccessOf } from './store-access.ts';

/**
 * How a manage route is protected; the authorisation matrix test walks this table. 'brand': a
 * member of the brand partner `:brandId` (modules/brands).
 */
export type ManageGuard = 'user' | 'store' | 'admin' | 'api-key' | 'brand';

export interface ManageRouteEntry {
  method: string;
  url: string;
  guard: ManageGuard;
  /** Store routes: the least role that may call it. */
  role: RequiredRole | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Store routes: 'owner' for owner-only calls; any member ('staff') when absent. */
    role?: RequiredRole;
  }
  interface FastifyRequest {
    /** Set on store routes once the caller's access to `:businessId` is checked. */
    store: { businessId: string; access: StoreAccess } | null;
  }
  interface FastifyInstance {
    /** Every manage/admin route with its guard, filled as routes register (tests read it). */
    manageRouteTable: ManageRouteEntry[];
    /**
     * Every route of the app as `METHOD url`: the authorisation test checks that each one under
     * /manage or /admin is in `manageRouteTable`, i.e. sits behind a guard.
     */
    registeredRoutes: string[];
    /** Route hook: a signed-in platform admin, or 401/403. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Route hook: a signed-in member of `:businessId` with the route's role, or 401/403/404. */
    requireStoreAccess: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

function businessIdOf(request: FastifyRequest): string {
  const params = request.params as Record<string, string | undefined>;
  const parsed = idParam.safeParse(params.businessId);
  // A malformed id names no store: the same answer as an unknown one.
  if (!parsed.success) throw new HttpError(404, manageMessages.storeNotFound);
  return parsed.data;
}

/**
 * The one authorisation layer of Manage Your Store. Store routes are registered inside
 * `storeScope`, which puts `requireStoreAccess` in front of every route it holds, so a route cannot
 * be added without the membership check; admin routes likewise inside `adminScope`. Both run before
 * validation: a caller without access learns nothing from what their body got wrong.
 */
export const manageGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('manageRouteTable', [] as ManageRouteEntry[]);
    app.decorate('registeredRoutes', [] as string[]);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) app.registeredRoutes.push(`${method} ${route.url}`);
    });
    app.decorateRequest('store', null);

    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      await app.requireUser(request, reply);
      if (!isAdmin(request.user!)) throw new HttpError(403, manageMessages.adminOnly);
    });

    app.decorate('requireStoreAccess', async (request: FastifyRequest, reply: FastifyReply) => {
      await app.requireUser(request, reply);
      const businessId = businessIdOf(request);
      const access = await storeAccessOf(app.db, request.user!, businessId);
      if (access === undefined) throw new HttpError(404, manageMessages.storeNotFound);
      if (access === null) throw new HttpError(403, manageMessages.notAMember);
      const required = request.routeOptions.config.role ?? 'staff';
      if (!accessAllows(access, required)) throw new HttpError(403, manageMessages.ownerOnly);
      request.store = { businessId, access };
    });
  },
  { name: 'manage-guard', fastify: '5.x', dependencies: ['auth'] },
);

/** Records every route registered in the calling scope under `guard`. */
export function recordRoutes(app: FastifyInstance, guard: ManageGuard): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const role = guard === 'store' ? (route.config?.role ?? 'staff') : null;
      app.manageRouteTable.push({ method, url: route.url, guard, role });
    }
  });
}
