import { useEffect } from 'react';
import { OfflineBanner } from './offline-banner.tsx';
import { registerServiceWorker } from './service-worker-registration.ts';
import { showUpdateToast } from './update-toast.ts';
import { useOnlineStatus } from './use-online-status.ts';

/** Runs `task` once the page has loaded and the browser is idle; returns a cancel. */
export function afterLoadWhenIdle(task: () => void): () => void {
  let cancelIdle: () => void = () => undefined;
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(task, { timeout: 5000 });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const timer = window.setTimeout(task, 200);
      cancelIdle = () => window.clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') {
    schedule();
    return () => cancelIdle();
  }
  window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancelIdle();
  };
}

/**
 * The installable app's part of the shell, loaded as its own chunk after the first screen
 * (after-first-screen.tsx), never in the entry: registers the service worker once the page has
 * loaded and the browser is idle, offers a waiting new version with a toast, and says when the
 * device is offline.
 */
export function InstallableApp({ register = true }: { register?: boolean }) {
  const online = useOnlineStatus();

  useEffect(() => {
    if (!register) return;
    return afterLoadWhenIdle(() => {
      void registerServiceWorker((activate) => void showUpdateToast(activate));
    });
  }, [register]);

  return online ? null : <OfflineBanner />;
}
