import { useCallback, useState } from 'react';
import { getDevicePosition } from './device-position.ts';
import { useShopperLocation } from './use-shopper-location.ts';

export interface LocateMe {
  /** Ask the device where it is and save it; true when a location was saved. */
  locate: () => Promise<boolean>;
  busy: boolean;
  /** Why the last attempt failed, in words for the shopper; null after a success. */
  error: string | null;
}

/** "Use my location": the device fix becomes the shopper's location (home prompt, user-location). */
export function useLocateMe(): LocateMe {
  const { setLocation } = useShopperLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const locate = useCallback(async () => {
    setBusy(true);
    setError(null);
    const answer = await getDevicePosition();
    setBusy(false);
    if (!answer.ok) {
      setError(answer.message);
      return false;
    }
    await setLocation(answer.location);
    return true;
  }, [setLocation]);
  return { locate, busy, error };
}
