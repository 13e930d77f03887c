import { Workbox } from 'workbox-window';

/** The worker's URL and scope: the shopper app's whole origin (sw.ts leaves /manage to the network). */
export const SERVICE_WORKER_URL = '/sw.js';

/** What `registerServiceWorker` needs of workbox-window's Workbox (a fake in unit tests). */
export interface WorkerControl {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  messageSkipWaiting(): void;
  register(): Promise<unknown>;
}

export interface RegistrationDeps {
  createWorker: (url: string) => WorkerControl;
  reload: () => void;
  /** Told that a new version waits; `activate` swaps it in and reloads the page once it controls. */
  onUpdateWaiting: (activate: () => void) => void;
}

const defaultDeps: Omit<RegistrationDeps, 'onUpdateWaiting'> = {
  createWorker: (url) => new Workbox(url, { scope: '/' }),
  reload: () => window.location.reload(),
};

/**
 * Registers the worker. A new version never swaps itself in under a page that runs the old code: it
 * waits (sw.ts does not skip waiting) until the shopper chooses "Reload", then it takes over and the
 * page reloads once, on the new version. The first install needs no reload: the page already runs
 * the version the worker holds.
 */
export async function registerServiceWorker(
  onUpdateWaiting: RegistrationDeps['onUpdateWaiting'],
  deps: Omit<RegistrationDeps, 'onUpdateWaiting'> = defaultDeps,
): Promise<boolean> {
  const worker = deps.createWorker(SERVICE_WORKER_URL);
  let reloading = false;
  worker.addEventListener('waiting', () => {
    onUpdateWaiting(() => {
      worker.addEventListener('controlling', () => {
        if (reloading) return;
        reloading = true;
        deps.reload();
      });
      worker.messageSkipWaiting();
    });
  });
  try {
    await worker.register();
    return true;
  } catch (error) {
    // No worker (storage disabled, private mode, a browser that blocks it): the app works as a plain
    // web page, which is what it was before; nothing for the shopper to see.
    console.warn('service worker not registered', error);
    return false;
  }
}
