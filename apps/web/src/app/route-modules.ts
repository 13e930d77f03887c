import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageRoute, RoutePageProps } from './routes.tsx';

type Load = PageRoute['load'];
type PageComponent = ComponentType<RoutePageProps>;

const resolved = new Map<Load, PageComponent>();
const lazyPages = new Map<Load, LazyExoticComponent<PageComponent>>();

/** Load a route's module and remember its component, so a later render need not suspend. */
export async function loadRouteModule(load: Load): Promise<PageComponent> {
  const { default: component } = await load();
  resolved.set(load, component);
  return component;
}

/**
 * The component of a module loaded already (preloaded or prefetched), if any. React.lazy suspends on
 * its first render even when the module is there, and React 19 then holds the fallback for at least
 * 300 ms; rendering the loaded component directly skips both.
 */
export function loadedRouteComponent(load: Load): PageComponent | undefined {
  return resolved.get(load);
}

/** One lazy component per module: routes sharing a module share it (and its chunk). */
export function lazyRouteComponent(load: Load): LazyExoticComponent<PageComponent> {
  let page = lazyPages.get(load);
  if (!page) {
    page = lazy(() => loadRouteModule(load).then((component) => ({ default: component })));
    lazyPages.set(load, page);
  }
  return page;
}
