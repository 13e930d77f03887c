import { ADMIN_API, MANAGE_API, managePaths } from '@localmart/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { type HttpMethod, manageCast, manageClient, type Person } from '../manage-test-support.ts';
import type { ManageRouteEntry } from './manage-guard.ts';

/** Some id for every route parameter other than the store's: access is decided before it is read. */
const OTHER_ID = '00000000-0000-4000-8000-000000000001';

function urlOf(entry: ManageRouteEntry, businessId: string): string {
  return entry.url.replace(':businessId', businessId).replace(/:[A-Za-z]+/g, OTHER_ID);
}

const DENIED = [401, 403];

/**
 * The authorisation matrix of issue 6, must-show 3: every manage route (read from the app's own
 * route table, so a new route is covered the day it is added) x anonymous, shopper, staff of another
 * store, staff, owner, admin.
 */
for (const backend of testDatabases()) {
  describe(`manage authorisation matrix on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);
    const makeApp = useTestApp(getDb);

    async function world() {
      const app = await makeApp({ now: () => CITY_NOW });
      const [store, otherStore] = city().businesses;
      const cast = await manageCast(getDb().db, CITY_NOW, {
        storeId: store!.id,
        otherStoreId: otherStore!.id,
      });
      return { app, storeId: store!.id, otherStoreId: otherStore!.id, ...cast };
    }

    async function statusOf(
      app: FastifyInstance,
      who: Person | undefined,
      method: string,
      url: string,
    ): Promise<number> {
      const client = manageClient(app, who);
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const response = await client.send(method as HttpMethod, url, body);
      expect(response.json()).toMatchObject({ status: expect.any(Number) });
      // Past the guard, an empty body or an unknown id must be a clear 4xx, never a crash.
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
      return response.statusCode;
    }

    it('puts every /manage and /admin route behind a guard', async () => {
      const { app } = await world();
      const guarded = new Set(app.manageRouteTable.map((entry) => `${entry.method} ${entry.url}`));
      const manageRoutes = app.registeredRoutes.filter((route) => {
        const url = route.split(' ')[1]!;
        return (
          url.startsWith(`${MANAGE_API}/`) ||
          url.startsWith(`${ADMIN_API}/`) ||
          url === managePaths.inventoryPush
        );
      });
      expect(manageRoutes.length).toBeGreaterThan(0);
      for (const route of manageRoutes) {
        if (route.startsWith('HEAD ')) continue;
        expect(guarded, `${route} has no guard`).toContain(route);
      }
    });

    it('store routes: only the store members (owner-only routes: the owner) and admins get past the guard', async () => {
      const { app, storeId, owner, staff, otherStaff, shopper, admin } = await world();
      const storeRoutes = app.manageRouteTable.filter((entry) => entry.guard === 'store');
      expect(storeRoutes.length).toBeGreaterThan(0);
      for (const entry of storeRoutes) {
        const url = urlOf(entry, storeId);
        const label = `${entry.method} ${entry.url}`;
        expect(await statusOf(app, undefined, entry.method, url), `${label} anonymous`).toBe(401);
        expect(await statusOf(app, shopper, entry.method, url), `${label} shopper`).toBe(403);
        expect(await statusOf(app, otherStaff, entry.method, url), `${label} other store`).toBe(
          403,
        );
        const staffStatus = await statusOf(app, staff, entry.method, url);
        if (entry.role === 'owner') expect(staffStatus, `${label} staff`).toBe(403);
        else expect(DENIED, `${label} staff`).not.toContain(staffStatus);
        expect(DENIED, `${label} owner`).not.toContain(
          await statusOf(app, owner, entry.method, url),
        );
        expect(DENIED, `${label} admin`).not.toContain(
          await statusOf(app, admin, entry.method, url),
        );
      }
    });

    it("a member of one store is refused on another store's every route", async () => {
      const { app, otherStoreId, owner } = await world();
      for (const entry of app.manageRouteTable.filter((e) => e.guard === 'store')) {
        const status = await statusOf(app, owner, entry.method, urlOf(entry, otherStoreId));
        expect(status, `${entry.method} ${entry.url}`).toBe(403);
      }
    });

    it('an unknown or malformed store id is a 404 envelope, even for an admin', async () => {
      const { app, admin } = await world();
      const unknown = await manageClient(app, admin).post(managePaths.images(OTHER_ID));
      expect(unknown.statusCode).toBe(404);
      const malformed = await manageClient(app, admin).post(managePaths.images('not-a-uuid'));
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json()).toMatchObject({ status: 0, message: 'Store not found.' });
    });

    it('admin routes: only platform admins', async () => {
      const { app, storeId, owner, staff, otherStaff, shopper, admin } = await world();
      const adminRoutes = app.manageRouteTable.filter((entry) => entry.guard === 'admin');
      for (const entry of adminRoutes) {
        const url = urlOf(entry, storeId);
        const label = `${entry.method} ${entry.url}`;
        expect(await statusOf(app, undefined, entry.method, url), label).toBe(401);
        for (const who of [shopper, otherStaff, staff, owner]) {
          expect(await statusOf(app, who, entry.method, url), label).toBe(403);
        }
        expect(DENIED, label).not.toContain(await statusOf(app, admin, entry.method, url));
      }
    });

    it('user routes: anyone signed in, nobody anonymous', async () => {
      const { app, storeId, owner, staff, otherStaff, shopper, admin } = await world();
      const userRoutes = app.manageRouteTable.filter((entry) => entry.guard === 'user');
      expect(userRoutes.length).toBeGreaterThan(0);
      for (const entry of userRoutes) {
        const url = urlOf(entry, storeId);
        const label = `${entry.method} ${entry.url}`;
        expect(await statusOf(app, undefined, entry.method, url), label).toBe(401);
        for (const who of [shopper, otherStaff, staff, owner, admin]) {
          expect(DENIED, label).not.toContain(await statusOf(app, who, entry.method, url));
        }
      }
    });

    it('api-key routes refuse every session token: only a store API key opens them', async () => {
      const { app, storeId, owner, admin } = await world();
      for (const entry of app.manageRouteTable.filter((e) => e.guard === 'api-key')) {
        const url = urlOf(entry, storeId);
        for (const who of [undefined, owner, admin]) {
          expect(await statusOf(app, who, entry.method, url), entry.url).toBe(401);
        }
      }
    });

    it('GET me lists the stores the user is a member of, with their role', async () => {
      const { app, storeId, owner, shopper, admin } = await world();
      const mine = await manageClient(app, owner).get(managePaths.me);
      expect(mine.json().result).toMatchObject({
        isAdmin: false,
        stores: [{ id: storeId, role: 'owner', status: 'published' }],
      });
      expect((await manageClient(app, shopper).get(managePaths.me)).json().result.stores).toEqual(
        [],
      );
      expect((await manageClient(app, admin).get(managePaths.me)).json().result.isAdmin).toBe(true);
    });
  });
}
