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
