import { commonMessages, labels } from '@localmart/contract';
import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { appRoutes, isRedirect, notFoundRoute, pageRoutes, type PageRoute } from './routes.tsx';

/** Spec §2's route table, with its parameters, plus the referenced routes and our /manage. */
const specPaths = [
  '/home',
  '/profile',
  '/reset-password/:id',
  '/payumoney',
  '/details',
  '/cart',
  '/checkout/:id',
  '/contacts',
  '/country-modal',
  '/edit-profile',
  '/add-address',
  '/menu-details/:businessid/:menuid',
  '/food-items',
  '/my-order',
  '/business-details/:businessid/:endpoint',
  '/order-details/:orderId',
  '/service-details/:businessid/:serviceid',
  '/services',
  '/order/:id',
  '/team-details',
  '/teams',
  '/cms/:pagename/:pageid',
  '/order-failure/:businessId',
  '/products',
  '/gallery',
  '/media-viewer',
  '/menulist',
  '/flyerlist',
  '/servicelist',
  '/flyer-details',
  '/category-modal',
  '/user-location',
  '/mobile-verify',
  '/login',
  '/manage',
  // Issue 17's verified reviews (ADR 0016), ours.
  '/rate-order/:orderId',
  '/my-reviews',
  // Issue 17's favourites and shopping list (ADR 0015), ours.
  '/favourites',
  '/list',
];

function route(path: string): PageRoute {
  const found = pageRoutes.find((candidate) => candidate.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
}

describe('route table (spec §2)', () => {
  it('holds every route of the spec with its parameters, and nothing else', () => {
    expect(pageRoutes.map((r) => r.path).sort()).toEqual([...specPaths].sort());
  });

  it("redirects '' and '/' (one route in react-router 6) to /home", () => {
    const root = appRoutes.find((r) => r.path === '/');
    expect(root && isRedirect(root) ? root.redirectTo : null).toBe('/home');
    // The spec's '' route is the same pattern: both match the root a browser reports as '/'.
    expect(matchPath({ path: '', end: true }, '/')).not.toBeNull();
    expect(matchPath({ path: '/', end: true }, '/')).not.toBeNull();
  });

  it('has no duplicate paths and every page a title and a description', () => {
    const paths = appRoutes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const page of pageRoutes) {
      expect(page.title, page.path).not.toBe('');
      expect(page.description, page.path).not.toBe('');
    }
  });

  it('renders checkout/{id} with the same payment page as payumoney', () => {
    expect(route('/checkout/:id').load).toBe(route('/payumoney').load);
    expect(route('/checkout/:id').title).toBe(route('/payumoney').title);
  });

  it('names the menu routes with the menu labels', () => {
    expect(route('/home').title).toBe(labels.menuStores);
    expect(route('/products').title).toBe(labels.menuProducts);
    expect(route('/menulist').title).toBe(labels.menuFoodItems);
    expect(route('/servicelist').title).toBe(labels.menuServices);
    expect(route('/flyerlist').title).toBe(labels.menuFlyers);
    expect(route('/manage').title).toBe(labels.menuManageYourStore);
  });

  it('gives every page a module of its own, checkout/{id} sharing the payment page', () => {
    const own = pageRoutes.filter((r) => r.path !== '/checkout/:id');
    expect(new Set(own.map((r) => r.load)).size).toBe(own.length);
    expect(own.map((r) => r.load)).not.toContain(notFoundRoute.load);
  });

  it('shows the parameters of parameterised routes', () => {
    expect(route('/order-details/:orderId').detail?.({ orderId: 'ORD-7781' })).toContain(
      'ORD-7781',
    );
    const business = route('/business-details/:businessid/:endpoint').detail?.({
      businessid: 'b42',
      endpoint: 'gallery',
    });
    expect(business).toContain('b42');
    expect(business).toContain('gallery');
    for (const path of ['/checkout/:id', '/order/:id', '/order-failure/:businessId']) {
      expect(route(path).detail, path).toBeTypeOf('function');
    }
  });

  it('catches unknown paths with a not-found page titled from the contract', () => {
    expect(notFoundRoute.path).toBe('*');
    expect(notFoundRoute.title).toBe(commonMessages.pageNotFound);
  });

  // Imports every page module (the whole app) once: slow on a busy machine, so a wider limit.
  it('every route module loads and exports a component', async () => {
    const loads = new Set([...pageRoutes.map((r) => r.load), notFoundRoute.load]);
    for (const load of loads) {
      const module = await load();
      expect(module.default).toBeTypeOf('function');
    }
  }, 60_000);
});

describe('pageRouteFor', () => {
  it('finds the page a path renders, following the root redirect and falling back to not-found', async () => {
    const { pageRouteFor } = await import('./routes.tsx');
    expect(pageRouteFor('/order-details/o1').path).toBe('/order-details/:orderId');
    expect(pageRouteFor('/').path).toBe('/home');
    expect(pageRouteFor('/no/such/place')).toBe(notFoundRoute);
    expect(pageRouteFor('/order-details')).toBe(notFoundRoute);
  });
});
