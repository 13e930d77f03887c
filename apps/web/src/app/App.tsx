import { IonApp, IonRouterOutlet, IonSplitPane } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, Route } from 'react-router-dom';
import {
  AFTER_FIRST_SCREEN_TIMEOUT_MS,
  AfterFirstScreenProvider,
  AfterFirstScreenWork,
  FirstScreenSignal,
} from './after-first-screen.tsx';
import { AppUrlListener } from './app-url-listener.tsx';
import { AuthModalsHost } from './auth-modals-host.tsx';
import { NativePushListener } from './native-push-listener.tsx';
import { SideMenu } from './menu/side-menu.tsx';
import { prefetchRoutes, whenIdle, whenPageSettled } from './prefetch-routes.ts';
import { AppProviders, createQueryClient } from './providers.tsx';
import { RouteElement } from './route-element.tsx';
import { appRoutes, isRedirect, notFoundRoute, pageRoutes } from './routes.tsx';

/** The shell (Ionic conference app): IonApp > IonReactRouter > IonSplitPane > IonMenu + IonRouterOutlet. */
export function App({ queryClient: given }: { queryClient?: QueryClient | undefined } = {}) {
  // main.tsx hands over the client holding the first page's list (first-screen-data.ts).
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [firstScreen] = useState(() => new FirstScreenSignal());
  useEffect(
    () =>
      whenPageSettled(queryClient, whenIdle, AFTER_FIRST_SCREEN_TIMEOUT_MS)(firstScreen.markDone),
    [queryClient, firstScreen],
  );
  useEffect(
    () => prefetchRoutes([...pageRoutes, notFoundRoute], whenPageSettled(queryClient)),
    [queryClient],
  );

  return (
    <AppProviders client={queryClient}>
      <AfterFirstScreenProvider value={firstScreen}>
        <IonApp>
          <IonReactRouter>
            <AppUrlListener />
            <NativePushListener />
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
          <AfterFirstScreenWork />
        </IonApp>
      </AfterFirstScreenProvider>
    </AppProviders>
  );
}
