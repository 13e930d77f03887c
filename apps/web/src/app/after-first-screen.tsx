import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { onToasterRequest } from '../components/ui/toasts/toaster-demand.ts';
import { isNativePlatform } from '../lib/platform.ts';

/**
 * With no query to wait for (a sign-in page), the deferred work starts this long after the shell
 * mounted; a page with a list starts it once the list has settled (whenPageSettled).
 */
export const AFTER_FIRST_SCREEN_TIMEOUT_MS = 2_000;

/**
 * "The first page has painted", set once. A signal rather than state of the shell: a state change
 * would re-render the whole shell (every route element under Ionic's router outlet) just when the
 * first page is settling; only the menu and the deferred work listen.
 */
export class FirstScreenSignal {
  private done = false;
  private readonly listeners = new Set<() => void>();

  readonly isDone = (): boolean => this.done;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly markDone = (): void => {
    if (this.done) return;
    this.done = true;
    for (const listener of [...this.listeners]) listener();
  };
}

// Outside the app shell (component tests) there is no first screen to wait for.
const ALREADY_DONE = new FirstScreenSignal();
ALREADY_DONE.markDone();
const AfterFirstScreenContext = createContext(ALREADY_DONE);

/** Shares the shell's signal with the menu and the deferred work. */
export const AfterFirstScreenProvider = AfterFirstScreenContext.Provider;

/**
 * Whether the first page has painted. Work nobody sees on the first screen waits for it: on a
 * phone (4x slower CPU, 6 connections) every chunk, request and render started beside the first
 * list pushes its cards and their cover image (the LCP element) back (bench: vitals).
 */
export function useAfterFirstScreen(): boolean {
  const signal = useContext(AfterFirstScreenContext);
  return useSyncExternalStore(signal.subscribe, signal.isDone);
}

/** True once a toast has been raised (toaster-demand.ts). */
function useToasterRequested(): boolean {
  const [requested, setRequested] = useState(false);
  useEffect(() => onToasterRequest(() => setRequested(true)), []);
  return requested;
}

const AppToaster = lazy(() =>
  import('../components/ui/toasts/app-toaster.tsx').then((m) => ({ default: m.AppToaster })),
);
// The cart badge's first read needs zod and the cart schemas; the badge is not the first screen.
const CartSync = lazy(() =>
  import('../features/cart/api/cart-sync.tsx').then((m) => ({ default: m.CartSync })),
);

// The service worker, the update toast and the offline state (issue 14): a chunk of their own, so
// the entry carries none of it (issue 18's initial JS budget).
const InstallableApp = lazy(() =>
  import('./pwa/installable-app.tsx').then((m) => ({ default: m.InstallableApp })),
);

/**
 * Whether this build runs the installable app's part: production web builds (the worker is built
 * with them; never in development) and native, which has no worker but shows the offline state.
 */
export function installableAppMode(
  production = import.meta.env.PROD,
  native = isNativePlatform(),
  serviceWorkers = typeof navigator !== 'undefined' && 'serviceWorker' in navigator,
): 'off' | 'offline-state' | 'worker' {
  if (!production) return 'off';
  return !native && serviceWorkers ? 'worker' : 'offline-state';
}

/**
 * The shell's own work that the first screen does not show: the toaster (mounted at once when a
 * toast is raised earlier, so none waits), the cart badge's sync and the installable app (at once
 * when the app starts offline: its offline state is then the first thing to say).
 */
export function AfterFirstScreenWork() {
  const ready = useAfterFirstScreen();
  const toasterRequested = useToasterRequested();
  const [installable] = useState(() => installableAppMode());
  const [startedOffline] = useState(() => typeof navigator !== 'undefined' && !navigator.onLine);
  return (
    <>
      {installable !== 'off' && (ready || startedOffline) && (
        <Suspense fallback={null}>
          <InstallableApp register={installable === 'worker'} />
        </Suspense>
      )}
      {(ready || toasterRequested) && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
      {ready && (
        <Suspense fallback={null}>
          <CartSync />
        </Suspense>
      )}
    </>
  );
}
