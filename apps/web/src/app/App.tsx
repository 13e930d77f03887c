import { IonApp, IonRouterOutlet, IonSplitPane } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { AppUrlListener } from './app-url-listener.tsx';
import { AuthModalsHost } from './auth-modals-host.tsx';
import { SideMenu } from './menu/side-menu.tsx';
import { prefetchRoutes, whenPageSettled } from './prefetch-routes.ts';
import { AppProviders, createQueryClient } from './providers.tsx';
import { RouteElement } from './route-element.tsx';
import { appRoutes, isRedirect, notFoundRoute, pageRoutes } from './routes.tsx';

// sonner arrives just after first paint; nothing can raise a toast before the app has rendered.
const AppToaster = lazy(() =>
  import('../components/ui/toasts/app-toaster.tsx').then((m) => ({ default: m.AppToaster })),
);
// The cart badge's first read (zod and the cart schemas) waits until after first paint too.
const CartSync = lazy(() =>
  import('../features/cart/api/cart-sync.tsx').then((m) => ({ default: m.CartSync })),
);

/** The shell (Ionic conference app): IonApp > IonReactRouter > IonSplitPane > IonMenu + IonRouterOutlet. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  useEffect(
    () => prefetchRoutes([...pageRoutes, notFoundRoute], whenPageSettled(queryClient)),
    [queryClient],
  );

  return (
    <AppProviders client={queryClient}>
      <IonApp>
        <IonReactRouter>
          <AppUrlListener />
          <IonSplitPane contentId="main">
            <SideMenu />
            <IonRouterOutlet id="main">
              {appRoutes.map((route) =>
                isRedirect(route) ? (
                  <Route
                    key={route.path}
                    path={route.path}
                    element={<Navigate to={route.redirectTo} replace />}
                  />
                ) : (
                  <Route
                    key={route.path}
                    path={route.path}
                    element={<RouteElement route={route} />}
                  />
                ),
              )}
              <Route path={notFoundRoute.path} element={<RouteElement route={notFoundRoute} />} />
            </IonRouterOutlet>
          </IonSplitPane>
          <AuthModalsHost />
        </IonReactRouter>
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
        <Suspense fallback={null}>
          <CartSync />
        </Suspense>
      </IonApp>
    </AppProviders>
  );
}
