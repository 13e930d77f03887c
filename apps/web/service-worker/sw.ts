/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
} from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import {
  isCacheableOrderRequest,
  isManageNavigation,
  isShellNavigation,
  OFFLINE_ORDERS_CACHE,
  OFFLINE_ORDERS_MAX_AGE_SECONDS,
  OFFLINE_ORDERS_MAX_ENTRIES,
  OFFLINE_PAGE,
  sessionScopedCacheKey,
} from '../src/lib/pwa/offline-routes.ts';
import { handleNotificationClick, handlePush } from '../src/lib/pwa/push-handlers.ts';

/**
 * The shopper app's service worker (issue 14, "Installable app"), built by vite-plugin-pwa
 * (injectManifest) into /sw.js:
 * - precaches the shell: index.html, the app's JS and CSS, icons, the manifest, the offline page;
 * - answers the shopper app's navigations with the cached index.html, so the app opens offline;
 * - keeps the shopper's last viewed orders readable offline (NetworkFirst, per session);
 * - everything else (every other API call, the event stream, POSTs, the PayU simulator, /manage and
 *   its API) goes to the network untouched.
 * - shows the shopper's Web Push notifications (one per order, replaced by its next update) and
 *   opens their page on a click (src/lib/pwa/push-handlers.ts).
 * A new version waits until the page asks it to take over ("A new version is available - Reload").
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// The shopper app's routes (/home, /order-details/:id, ...) are one page: the cached index.html.
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && sameOrigin(url) && isShellNavigation(url.pathname),
  createHandlerBoundToURL('/index.html'),
);

// The Manage Your Store site is not cached (its data changes by the minute and is the store's):
// online it is the network as if there were no worker; offline, the offline page instead of the
// browser's error page.
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && sameOrigin(url) && isManageNavigation(url.pathname),
  new NetworkOnly(),
);

registerRoute(
  ({ request }) => isCacheableOrderRequest(request, self.location.origin),
  new NetworkFirst({
    cacheName: OFFLINE_ORDERS_CACHE,
    // A phone on a bad network waits this long for fresh data before showing the kept copy.
    networkTimeoutSeconds: 4,
    plugins: [
      {
        // Keyed by session: one shopper never reads another's orders on a shared device.
        cacheKeyWillBeUsed: async ({ request }) =>
          sessionScopedCacheKey(request.url, request.headers.get('authorization') ?? ''),
      },
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: OFFLINE_ORDERS_MAX_ENTRIES,
        maxAgeSeconds: OFFLINE_ORDERS_MAX_AGE_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// A navigation that found neither the network nor a cached page gets the offline page; anything else
// fails as it would without a worker.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') {
    const offline = await matchPrecache(OFFLINE_PAGE);
    if (offline) return offline;
  }
  return Response.error();
});

// The page's "Reload" on "A new version is available" (workbox-window's messageSkipWaiting).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Web Push (issue 14): the server's push job sends {notificationId, title, body, link}.
self.addEventListener('push', (event: PushEvent) => {
  event.waitUntil(handlePush(self.registration, event.data));
});

// A click focuses the app (or opens it) on the notification's page.
self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.waitUntil(handleNotificationClick(event.notification, self.clients, self.location.origin));
});
