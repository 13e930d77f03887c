import { Suspense, useState } from 'react';
import { PageSkeleton } from '../components/ui/page-skeleton.tsx';
import { lazyRouteComponent, loadedRouteComponent } from './route-modules.ts';
import type { PageRoute } from './routes.tsx';

/** The element a route renders: its lazily loaded page, with a page skeleton until the code arrives. */
export function RouteElement({ route }: { route: PageRoute }) {
  // Decided once per mount: switching from the lazy path to the loaded one later would remount the
  // page (a different component type) and make Ionic register a new page element.
  const [Loaded] = useState(() => loadedRouteComponent(route.load));
  const props = {
    title: route.title,
    description: route.description,
    detail: route.detail,
    backTo: route.backTo,
  };
  if (Loaded) return <Loaded {...props} />;
  const Page = lazyRouteComponent(route.load);
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Page {...props} />
    </Suspense>
  );
}
