import { logger } from '../lib/logger.ts';
import { loadRouteModule } from './route-modules.ts';
import { pageRouteFor, type PageRoute } from './routes.tsx';

type Cancel = () => void;
type Scheduler = (task: () => void) => Cancel;

/** Run a task when the browser is idle (fallback: the next macrotask where idle callbacks are missing). */
export const whenIdle: Scheduler = (task) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(task, 200);
  return () => window.clearTimeout(timer);
};

/** What `whenPageSettled` needs of the app's QueryClient: is anything loading, and news when that changes. */
export interface FetchActivity {
  isFetching: () => number;
  getQueryCache: () => {
    getAll: () => readonly unknown[];
    subscribe: (listener: () => void) => () => void;
  };
}

/** With no news from the first page, prefetching starts anyway after this long. */
export const SETTLE_TIMEOUT_MS = 10_000;
/** How long nothing must be loading before the page counts as settled (its images start in this gap). */
export const QUIET_MS = 300;

/**
 * Run a task once the first page has its content: the document has loaded, the page has asked for its
 * data and no query has been in flight for `QUIET_MS`, and the browser is idle. Prefetching every route's chunk right after the first
 * render put ~80 requests ahead of the page's own list call and its images on a phone's 6 connections,
 * which held the first store/product cover back by ~3 s under mobile throttling (bench: vitals).
 */
export function whenPageSettled(
  activity: FetchActivity,
  idle: Scheduler = whenIdle,
  timeoutMs = SETTLE_TIMEOUT_MS,
): Scheduler {
  return (task) => {
    let cancelled = false;
    let done = false;
    let cancelIdle: Cancel = () => undefined;
    let quietTimer: ReturnType<typeof setTimeout> | undefined;
    let unsubscribe: () => void = () => undefined;

    const run = () => {
      if (cancelled || done) return;
      done = true;
      cleanUp();
      cancelIdle = idle(task);
    };
    const check = () => {
      clearTimeout(quietTimer);
      const cache = activity.getQueryCache();
      if (cache.getAll().length > 0 && activity.isFetching() === 0) {
        quietTimer = setTimeout(run, QUIET_MS);
      }
    };
    const watch = () => {
      if (cancelled || done) return;
      unsubscribe = activity.getQueryCache().subscribe(check);
      check();
    };
    const onLoad = () => watch();
    const fallback = setTimeout(run, timeoutMs);
    function cleanUp() {
      clearTimeout(fallback);
      clearTimeout(quietTimer);
      unsubscribe();
      window.removeEventListener('load', onLoad);
    }

    if (document.readyState === 'complete') watch();
    else window.addEventListener('load', onLoad, { once: true });

    return () => {
      cancelled = true;
      cleanUp();
      cancelIdle();
    };
  };
}

/**
 * "Modules preload" (spec §2): once the first page has painted, load every route's chunk in the
 * background so later navigation never waits for code. Routes sharing a module share its loader and
 * are fetched once. A failed prefetch is harmless: the route loads again when visited.
 */
export function prefetchRoutes(
  routes: readonly Pick<PageRoute, 'load'>[],
  schedule: Scheduler = whenIdle,
): Cancel {
  return schedule(() => {
    for (const load of new Set(routes.map((route) => route.load))) {
      loadRouteModule(load).catch((error: unknown) => logger.warn('prefetch failed', error));
    }
  });
}

/**
 * Start loading the chunk of the page the app opens on, before React renders: the router only asks
 * for it once the outlet has mounted, which would put it behind everything else on the first visit.
 * React.lazy's own import() then finds the module already on its way.
 */
export function preloadRouteFor(pathname: string): Promise<void> {
  return loadRouteModule(pageRouteFor(pathname).load).then(
    () => undefined,
    (error: unknown) => logger.warn('preload failed', error),
  );
}
