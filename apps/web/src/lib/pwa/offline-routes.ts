/**
 * The shopper's orders (commercePaths.orders in the contract; offline-routes.test.ts checks they
 * agree). Written out because the worker must not bundle the contract's index and its zod schemas.
 */
export const ORDERS_API_PATH = '/api/v1/orders';

/**
 * What the service worker (apps/web/service-worker/sw.ts) may answer, kept here as plain functions so
 * the page (clearing the cache on sign-out) and unit tests share them. Spec: issue 14 "Installable app".
 */

/** The Cache Storage name of the shopper's last viewed orders (NetworkFirst, see sw.ts). */
export const OFFLINE_ORDERS_CACHE = 'localmart-orders-v1';
/** At most this many order answers are kept, each for at most a week. */
export const OFFLINE_ORDERS_MAX_ENTRIES = 20;
export const OFFLINE_ORDERS_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** The static page shown when a navigation finds neither the network nor a cached shell. */
export const OFFLINE_PAGE = '/offline.html';

/**
 * Navigations the shopper app's shell must not answer: the Manage Your Store site (its own page,
 * manage.html), the API, the PayU simulator's pages and the dev outbox (server-rendered HTML), and
 * files (a path ending in an extension).
 */
export const SHELL_NAVIGATION_DENYLIST: readonly RegExp[] = [
  /^\/manage(?:\/|$)/,
  /^\/api(?:\/|$)/,
  /^\/payu-sim(?:\/|$)/,
  /^\/dev(?:\/|$)/,
  /\/[^/?]+\.[a-z0-9]+$/i,
];

/** Whether a same-origin navigation to `pathname` opens the shopper app (and so its cached shell). */
export function isShellNavigation(pathname: string): boolean {
  return !SHELL_NAVIGATION_DENYLIST.some((pattern) => pattern.test(pathname));
}

/** The Manage Your Store site's pages: network only, the offline page when there is none. */
export function isManageNavigation(pathname: string): boolean {
  return pathname === '/manage' || pathname.startsWith('/manage/');
}

export interface OrderRequestLike {
  method: string;
  url: string;
  headers: { has(name: string): boolean };
}

/**
 * The only API answers kept for offline reading: the signed-in shopper's own orders, GET
 * /api/v1/orders and /api/v1/orders/:id, same origin, sent with the shopper's bearer token. Never the
 * event stream (/api/v1/events), a POST (cancel), the store's orders (/api/v1/manage/...) or anything
 * else: every other API call goes to the network untouched.
 */
export function isCacheableOrderRequest(request: OrderRequestLike, origin: string): boolean {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  if (url.origin !== origin) return false;
  const orders = ORDERS_API_PATH;
  const isOrders =
    url.pathname === orders ||
    // One more segment only: the order's id (its sub-paths are actions, none of them a GET).
    (url.pathname.startsWith(`${orders}/`) && !url.pathname.slice(orders.length + 1).includes('/'));
  return isOrders && request.headers.has('authorization');
}

/**
 * The cache key of an order answer: its URL plus a digest of the bearer token that fetched it, so an
 * answer is only ever read back by the same session, whoever signs in next on this device (the cache
 * is also emptied on sign-out). The token itself is never stored.
 */
export async function sessionScopedCacheKey(url: string, authorization: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization));
  const hex = Array.from(new Uint8Array(digest).slice(0, 12), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  const key = new URL(url);
  key.searchParams.set('__session', hex);
  return key.href;
}
