import { setupIonicReact } from '@ionic/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

/* Ionic's required CSS, then the utilities the app uses. */
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/text-alignment.css';
import './theme/variables.css';
import './theme/app.css';

import { App } from './app/App.tsx';
import { removeFirstPaintOnceDrawn } from './app/first-paint/remove-first-paint.ts';
import { prefetchFirstScreen } from './app/first-screen-data.ts';
import { preloadRouteFor } from './app/prefetch-routes.ts';
import { createQueryClient } from './app/providers.tsx';
import { isNativePlatform } from './lib/platform.ts';
import { profileFromStorage, sharedState } from './lib/shared-state.ts';
import { storage } from './lib/storage.ts';

setupIonicReact();
// Ask for the first page's chunk now, before React and the router get to it.
const firstPage = preloadRouteFor(window.location.pathname);
const queryClient = createQueryClient();
// Native reads the stored location asynchronously: a list prefetched now could miss it.
const firstList = isNativePlatform()
  ? Promise.resolve()
  : prefetchFirstScreen(queryClient, window.location.pathname, window.location.search);

/** Resolves after `ms`; bounds how long the first render waits for the first page's code and list. */
function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function start() {
  // The web reads storage synchronously at import; Capacitor Preferences is async, so native waits
  // for it before the first render (the menu must know at once whether someone is signed in).
  if (isNativePlatform()) {
    await storage.hydrate();
    sharedState.setProfile(profileFromStorage());
  }
  // Rendering with the first page's code and first list at hand shows the page with its cards at once
  // instead of a skeleton that React then keeps for at least 300 ms (and a second render for the
  // cards). A slow network gets the shell and skeleton after 300 ms.
  await Promise.race([Promise.all([firstPage, firstList]), delay(300)]);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
  // The server's first paint (app/first-paint) stays over the page until the app has drawn its own.
  removeFirstPaintOnceDrawn(container);
}

void start();
