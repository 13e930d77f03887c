import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { logger } from '../lib/logger.ts';
import { isNativePlatform } from '../lib/platform.ts';
import { useSession } from '../lib/storage.ts';

/**
 * Native shells only (issue 14): a tapped push notification opens its page, and an install that
 * already allowed notifications sends its token again once signed in (lib/native-push.ts, loaded
 * on native only so the web bundle does not carry the plugin).
 */
export function NativePushListener() {
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();

  useEffect(() => {
    if (!isNativePlatform()) return;
    let stopped = false;
    let stop: (() => void) | undefined;
    import('../lib/native-push.ts')
      .then(({ startNativePush }) => startNativePush(navigate, { signedIn: isLoggedIn }))
      .then((remove) => {
        if (stopped) remove();
        else stop = remove;
      })
      .catch((error: unknown) => logger.error('native push could not start', error));
    return () => {
      stopped = true;
      stop?.();
    };
  }, [navigate, isLoggedIn]);

  return null;
}
