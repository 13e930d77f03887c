import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { resolveAppLink } from '../lib/app-links.ts';
import { logger } from '../lib/logger.ts';
import { isNativePlatform } from '../lib/platform.ts';

/**
 * Native shells only (spec §2): an app link that opens the app becomes an in-app route, or /home when
 * the link names no route of the table.
 */
export function AppUrlListener() {
  const navigate = useNavigate();

  useEffect(() => {
    if (!isNativePlatform()) return;
    let removed = false;
    let remove: (() => Promise<void>) | undefined;
    // Loaded on native only, so the web bundle does not carry the plugin.
    import('@capacitor/app')
      .then(({ App }) =>
        App.addListener('appUrlOpen', (event) => navigate(resolveAppLink(event.url))),
      )
      .then((handle) => {
        if (removed) void handle.remove();
        else remove = () => handle.remove();
      })
      .catch((error: unknown) => logger.error('appUrlOpen listener failed', error));
    return () => {
      removed = true;
      void remove?.();
    };
  }, [navigate]);

  return null;
}
